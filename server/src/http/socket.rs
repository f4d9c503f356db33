//! Accepted sockets: how much of what the kernel accepted the client has not acknowledged
//! yet ([`unacknowledged`]), for the minimum send rate and the send timeout
//! ([`super::connection`]). actix-web's own timers cover slow request heads and idle
//! connections but not a reader that stalls or trickles while answers are still queued
//! (HTTP/1.1 pipelining keeps such a connection busy for ever).

use tokio::net::TcpStream;

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
    use std::time::Duration;
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
