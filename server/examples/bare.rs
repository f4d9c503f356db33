//! The benchmark's ceiling: a bare actix-web server answering `GET /bare/<n>` with a fixed
//! JSON body of exactly `n` bytes, for each size given on the command line.
//!
//! Usage: `bare <address> <size>...`, e.g. `bare 127.0.0.1:18181 210 3100 36000`.

use actix_web::http::header::ContentType;
use actix_web::{web, App, HttpResponse, HttpServer};

/// A JSON object of exactly `size` bytes (at least 12): `{"pad":"xxx…"}`.
fn body(size: usize) -> web::Bytes {
    let pad = size.saturating_sub(10).max(1);
    web::Bytes::from(format!("{{\"pad\":\"{}\"}}", "x".repeat(pad)))
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let address = args.next().unwrap_or_else(|| "127.0.0.1:18181".to_owned());
    let sizes: Vec<usize> = args
        .map(|a| a.parse().map_err(std::io::Error::other))
        .collect::<Result<_, _>>()?;
    actix_web::rt::System::new().block_on(
        HttpServer::new(move || {
            sizes.iter().fold(App::new(), |app, &size| {
                let fixed = body(size);
                app.route(
                    &format!("/bare/{size}"),
                    web::get().to(move || {
                        let fixed = fixed.clone();
                        async move {
                            HttpResponse::Ok()
                                .content_type(ContentType::json())
                                .body(fixed)
                        }
                    }),
                )
            })
        })
        .bind(&address)?
        .run(),
    )
}
