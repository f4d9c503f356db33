//! Hijri calendar HTTP server.
