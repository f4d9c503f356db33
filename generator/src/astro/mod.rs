//! Astronomy for the hilal evening record (filled in by the astronomy work).
