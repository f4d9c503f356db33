# syntax=docker/dockerfile:1
# hijri-serve with its archive, in two stages (docs/deploy.md):
#   build:   compile the workspace, then generate data/hijri.archive from the committed facts
#            (a full render of every card: about 150 s on 2 quiet cores);
#   runtime: Debian slim with the server binary and the archive (read-only, owned by root),
#            running as an unprivileged user.
#   DOCKER_BUILDKIT=1 docker build -t hijri-serve .
#   docker run --rm -p 8080:8080 --read-only hijri-serve
# Not built on the machines of this project (no container runtime there): see docs/deploy.md.

ARG RUST_VERSION=1.89
ARG DEBIAN=bookworm

FROM rust:${RUST_VERSION}-slim-${DEBIAN} AS build
# git: the build script embeds the revision (/healthz build_hash; "unknown" without .git).
RUN apt-get update \
 && apt-get install -y --no-install-recommends git make \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# BuildKit cache mounts keep cargo's registry, target/ and the last archive between builds
# (outside the image): a rebuild compiles what changed, and the generator takes unchanged
# cards from the cached archive. The binaries (the server: the static one `make build`
# makes) and the archive are copied out of the caches.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    --mount=type=cache,target=/cache \
    make build CARGO='cargo --locked' \
 && mkdir -p /out \
 && cp target/*-linux-gnu/release/hijri-serve target/release/hijri-generate /out/ \
 && /out/hijri-generate --data data --out /cache/hijri.archive \
 && cp /cache/hijri.archive /out/hijri.archive

FROM debian:${DEBIAN}-slim AS runtime
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin hijri
COPY --from=build /out/hijri-serve /usr/local/bin/hijri-serve
COPY --from=build --chown=root:root --chmod=0444 /out/hijri.archive /srv/hijri/hijri.archive
# Listen on every interface of the container; put a TLS proxy in front (docs/deploy.md) on a
# network of their own and name its fixed address in HIJRI_TRUSTED_PROXIES, so that clients
# are not all one rate-limit bucket. Never trust an address direct clients can arrive from.
ENV HIJRI_ARCHIVE=/srv/hijri/hijri.archive \
    HIJRI_BIND=0.0.0.0:8080
USER 10001:10001
EXPOSE 8080
# Ready when /healthz answers: the server answers only once SIGHUP is handled (under systemd
# it says READY=1 then; a container has no NOTIFY_SOCKET). Kubernetes probes /healthz on the
# metrics listener instead (HIJRI_METRICS_BIND, docs/deploy/kubernetes/), out of reach of
# client traffic's rate limits. The slim image has no curl: bash's /dev/tcp asks /healthz for
# its status line.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -n1 <&3 | grep -q ' 200 '"]
# SIGTERM stops it gracefully (the default stop signal). SIGHUP swaps in a new archive that
# was renamed over HIJRI_ARCHIVE, which needs the archive on a mounted volume
# (docs/deploy.md); with the archive baked in, roll out a new image instead.
ENTRYPOINT ["/usr/local/bin/hijri-serve"]
