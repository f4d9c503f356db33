//! Accepted sockets: `TCP_USER_TIMEOUT`, so that a client that stops reading (its receive
//! window stays shut) is dropped by the kernel after the send timeout. actix-web's own timers
//! cover slow request heads and idle connections but not a reader that stalls while answers
//! are still queued (HTTP/1.1 pipelining keeps such a connection busy forever); a reader that
//! takes a little now and then is the minimum send rate's ([`super::connection`]), which
//! asks the kernel how much of what it accepted the client has not acknowledged yet
//! ([`unacknowledged`]).

use std::time::Duration;

use tokio::net::TcpStream;

/// Gives an accepted connection a send timeout: data left unacknowledged that long closes
/// the connection.
pub fn set_send_timeout(stream: &TcpStream, timeout: Duration) {
    // A socket that refuses the option keeps the kernel's default; nothing to report.
    let _ = socket2::SockRef::from(stream).set_tcp_user_timeout(Some(timeout));
}

/// The bytes in the socket's send queue: accepted from the server but not yet acknowledged
/// by the client (`SIOCOUTQ`, Linux); `None` where the kernel does not tell.
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "the workspace's second unsafe block: an ioctl no safe crate offers (SAFETY below)"
)]
pub fn unacknowledged(stream: &TcpStream) -> Option<u64> {
    use std::os::fd::AsRawFd;
    let mut queued: libc::c_int = 0;
    // SAFETY: SIOCOUTQ (Linux's name for TIOCOUTQ on a socket, <linux/sockios.h>) writes one
    // `int` through its argument, which points at `queued`, alive and of that type; the
    // descriptor belongs to `stream`, open for the whole call.
    let done = unsafe { libc::ioctl(stream.as_raw_fd(), libc::TIOCOUTQ, &mut queued) };
    if done == 0 {
        u64::try_from(queued).ok()
    } else {
        None
    }
}

/// See the Linux version: elsewhere the kernel is not asked.
#[cfg(not(target_os = "linux"))]
pub fn unacknowledged(_: &TcpStream) -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[actix_web::test]
    async fn the_queue_holds_what_the_peer_has_not_taken() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let peer = {
            let socket =
                socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
            socket.set_recv_buffer_size(4096).unwrap();
            socket.connect(&address.into()).unwrap();
            std::net::TcpStream::from(socket)
        };
        let (mut stream, _) = listener.accept().await.unwrap();
        assert_eq!(unacknowledged(&stream), Some(0));
        // More than the peer's small buffer holds: the rest waits in our queue.
        let sent = vec![b'x'; 256 * 1024];
        let mut written = 0;
        while written < sent.len() {
            match tokio::time::timeout(Duration::from_millis(200), stream.write(&sent[written..]))
                .await
            {
                Ok(n) => written += n.unwrap(),
                Err(_) => break,
            }
        }
        let queued = unacknowledged(&stream).unwrap();
        assert!(
            queued > 0 && queued <= written as u64,
            "{queued} of {written}"
        );
        drop(peer);
    }
}
