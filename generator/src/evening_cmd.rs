//! `hijri-generate evening`: one evening record as JSON (filled in by the astronomy work).
