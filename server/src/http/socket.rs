//! Accepted sockets: `TCP_USER_TIMEOUT`, so that a client that stops reading (its receive
//! window stays shut) is dropped by the kernel after the send timeout. actix-web's own timers
//! cover slow request heads and idle connections but not a reader that stalls while answers
//! are still queued (HTTP/1.1 pipelining keeps such a connection busy forever); a reader that
//! takes a little now and then is the minimum send rate's ([`super::connection`]).

use std::time::Duration;

use tokio::net::TcpStream;

/// Gives an accepted connection a send timeout: data left unacknowledged that long closes
/// the connection.
pub fn set_send_timeout(stream: &TcpStream, timeout: Duration) {
    // A socket that refuses the option keeps the kernel's default; nothing to report.
    let _ = socket2::SockRef::from(stream).set_tcp_user_timeout(Some(timeout));
}
