//! The public listener: actix-server accepts on `HIJRI_BIND`; each connection is admitted by
//! its client's share ([`ClientConnections`](crate::http::connection::ClientConnections): one over the client's limit is closed at
//! accept), given its minimum send rate and send timeout ([`Connection`]), and served by
//! actix-http with the app. actix-web's `HttpServer` does the same steps but offers no way to
//! refuse a connection at accept or to pace its writes.

use std::io;
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::time::Duration;

use actix_http::{HttpService, Protocol};
use actix_server::{Server, ServerBuilder};
use actix_service::{fn_service, map_config, IntoServiceFactory, ServiceFactoryExt};
use actix_web::dev::{AppConfig, Extensions};
use tokio::net::TcpStream;

use crate::app;
use crate::http::access_log;
use crate::http::connection::{Connection, MinSendRate};
use crate::settings::Connections;
use crate::state::SharedState;

/// Connections waiting to be accepted, at most (the kernel also caps it at `somaxconn`).
const BACKLOG: i32 = 4096;

/// Bytes actix-http gathers before it writes them to the socket (its default is 32 KiB):
/// with the body's slices ([`crate::http::body::SLICE`]), what one connection holds of an
/// answer, and how much one write system call sends.
const WRITE_BUFFER: usize = 64 * 1024;

/// The public server, not yet running, with the addresses it listens on.
pub struct Public {
    /// The server; run it inside an actix system.
    pub builder: ServerBuilder,
    /// Where it listens.
    pub addrs: Vec<SocketAddr>,
}

/// Binds `bind` (every address it resolves to; one is enough) and builds the public server
/// over `state`: `workers` workers holding at most `max_per_worker` connections each, with the
/// limits and timeouts of `connections` (each client's connections counted by the state's
/// [`ClientConnections`](crate::http::connection::ClientConnections)).
pub fn public(
    state: &SharedState,
    bind: &str,
    connections: &Connections,
    workers: usize,
    max_per_worker: u32,
) -> io::Result<Public> {
    let seconds = |n: u32| Duration::from_secs(u64::from(n));
    let mut builder = Server::build()
        .workers(workers)
        .max_concurrent_connections(max_per_worker as usize)
        .backlog(BACKLOG as u32);
    let mut addrs = Vec::new();
    let mut failure = None;
    for addr in bind.to_socket_addrs()? {
        let listener = match listen(addr) {
            Ok(listener) => listener,
            Err(error) => {
                failure = Some(error);
                continue;
            }
        };
        let local = listener.local_addr()?;
        addrs.push(local);
        let state = state.clone();
        let (keep_alive, request_timeout) = (
            seconds(connections.keep_alive),
            seconds(connections.request_timeout),
        );
        let disconnect_timeout = seconds(connections.disconnect_timeout);
        let rate = MinSendRate::new(connections.min_send_rate, seconds(connections.send_timeout));
        builder = builder.listen("hijri-serve", listener, move || {
            // Once per worker, on its thread.
            actix_web::rt::spawn(access_log::flush_every(access_log::FLUSH_PERIOD));
            let metrics = state.metrics.clone();
            let clients = state.connections.clone();
            // The app reads neither the host nor the address of its config.
            let app = app(state.clone())
                .into_factory()
                .map_err(|error: actix_web::Error| error.error_response());
            let http = HttpService::build()
                .h1_write_buffer_size(WRITE_BUFFER)
                .keep_alive(keep_alive)
                .client_request_timeout(request_timeout)
                .client_disconnect_timeout(disconnect_timeout)
                .local_addr(local)
                .on_connect_ext(|connection: &Connection, data: &mut Extensions| {
                    data.insert(connection.client_load());
                    data.insert(connection.outbox());
                })
                .finish(map_config(app, |()| AppConfig::default()));
            fn_service(move |stream: TcpStream| {
                let peer = stream.peer_addr().ok();
                let admitted = match clients.admit(peer.map(|a| a.ip())) {
                    Some(share) => {
                        // Answers go out in slices: the last, short one must not wait for
                        // the client's delayed ACK (Nagle).
                        let _ = stream.set_nodelay(true);
                        let connection = Connection::new(stream, share, rate, metrics.clone());
                        Ok((connection, Protocol::Http1, peer))
                    }
                    // Dropping the stream closes it.
                    None => Err(actix_http::error::DispatchError::Io(io::Error::other(
                        "the client holds its connection limit",
                    ))),
                };
                std::future::ready(admitted)
            })
            .and_then(http)
        })?;
    }
    match (addrs.is_empty(), failure) {
        (true, Some(error)) => Err(error),
        (true, None) => Err(io::Error::other("the address resolves to nothing")),
        (false, _) => Ok(Public { builder, addrs }),
    }
}

/// A listening socket at `addr`, as actix-web makes one (address reuse on).
fn listen(addr: SocketAddr) -> io::Result<TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(BACKLOG)?;
    Ok(TcpListener::from(socket))
}
