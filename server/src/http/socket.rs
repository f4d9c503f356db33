//! Accepted sockets: `TCP_USER_TIMEOUT`, so that a client that stops reading (its receive
//! window stays shut) is dropped by the kernel after the send timeout. actix-web's own timers
//! cover slow request heads and idle connections but not a reader that stalls while answers
//! are still queued (HTTP/1.1 pipelining keeps such a connection busy forever).

use std::any::Any;
use std::time::Duration;

use actix_web::dev::Extensions;
use actix_web::rt::net::TcpStream;

/// An `on_connect` hook for `HttpServer` that gives every TCP connection a send timeout:
/// data left unacknowledged that long closes the connection.
pub fn send_timeout(timeout: Duration) -> impl Fn(&dyn Any, &mut Extensions) + Send + Sync {
    move |connection, _| {
        if let Some(stream) = connection.downcast_ref::<TcpStream>() {
            // A socket that refuses the option keeps the kernel's default; nothing to report.
            let _ = socket2::SockRef::from(stream).set_tcp_user_timeout(Some(timeout));
        }
    }
}
