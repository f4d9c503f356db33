//! Readiness for systemd's `Type=notify`: once SIGHUP is handled (an archive swap) and the
//! listener is open, `READY=1` goes to the datagram socket systemd names in `NOTIFY_SOCKET`
//! (sd_notify's protocol: a path, or an abstract name after `@`). systemd holds
//! `systemctl reload` (SIGHUP) and the units ordered after this one until then, so a reload
//! can never reach the process before it handles the signal. Without the variable (not under
//! systemd, or `Type=exec`) nothing is sent.

use std::io;
use std::os::unix::net::UnixDatagram;

/// The variable systemd sets for a `Type=notify` service.
pub const NOTIFY_SOCKET: &str = "NOTIFY_SOCKET";

/// Tells systemd the service is ready, with `status` as its one-line status text. Returns
/// whether there was anyone to tell.
pub fn notify(status: &str) -> io::Result<bool> {
    let Some(target) = std::env::var_os(NOTIFY_SOCKET) else {
        return Ok(false);
    };
    let message = format!("READY=1\nSTATUS={}\n", status.replace('\n', " "));
    let socket = UnixDatagram::unbound()?;
    let bytes = target.as_encoded_bytes();
    match bytes.strip_prefix(b"@") {
        Some(name) => send_abstract(&socket, name, message.as_bytes())?,
        None => {
            socket.send_to(message.as_bytes(), &target)?;
        }
    }
    Ok(true)
}

/// Sends to an abstract socket name (Linux).
#[cfg(target_os = "linux")]
fn send_abstract(socket: &UnixDatagram, name: &[u8], message: &[u8]) -> io::Result<()> {
    use std::os::linux::net::SocketAddrExt;
    let address = std::os::unix::net::SocketAddr::from_abstract_name(name)?;
    socket.send_to_addr(message, &address).map(|_| ())
}

/// Abstract names exist on Linux only.
#[cfg(not(target_os = "linux"))]
fn send_abstract(_: &UnixDatagram, _: &[u8], _: &[u8]) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "an abstract NOTIFY_SOCKET needs Linux",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn abstract_names_are_reached() {
        use std::os::linux::net::SocketAddrExt;
        let name = format!("hijri-ready-test-{}", std::process::id());
        let address = std::os::unix::net::SocketAddr::from_abstract_name(&name).unwrap();
        let listener = UnixDatagram::bind_addr(&address).unwrap();
        let socket = UnixDatagram::unbound().unwrap();
        send_abstract(&socket, name.as_bytes(), b"READY=1\n").unwrap();
        let mut buffer = [0u8; 64];
        let n = listener.recv(&mut buffer).unwrap();
        assert_eq!(&buffer[..n], b"READY=1\n");
    }
}
