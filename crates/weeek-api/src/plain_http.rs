//! The guard of a plain-http base URL (a sandbox or a local proxy on this machine).

use crate::error::ApiError;

/// Plain http carries the token in clear, so it goes to this host only and nowhere on the way:
/// the host must be a loopback address or a `localhost` name; such a name is resolved here, to
/// loopback, without asking DNS (RFC 6761 keeps `localhost` and `*.localhost` on this host, as
/// browsers do: a resolver could answer `evil.localhost` with a remote address); and no proxy
/// is used (`HTTP_PROXY` would carry the request off this host).
pub(crate) fn stays_here(
    builder: reqwest::ClientBuilder,
    url: &reqwest::Url,
) -> Result<reqwest::ClientBuilder, ApiError> {
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
    let builder = builder.no_proxy();
    let host = url.host_str().unwrap_or_default();
    let ip = host.trim_start_matches('[').trim_end_matches(']');
    match ip.parse::<IpAddr>() {
        Ok(ip) if ip.is_loopback() => Ok(builder),
        Err(_) if is_localhost_name(host) => {
            // Port 0: the URL's own port is used.
            let loopback = [
                SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
                SocketAddr::from((Ipv6Addr::LOCALHOST, 0)),
            ];
            Ok(builder.resolve_to_addrs(host, &loopback))
        }
        _ => Err(ApiError::Config(format!(
            "refusing plain http:// to {host}: the token would travel unencrypted. Use https://"
        ))),
    }
}

/// `localhost` or a name under it, as the URL parser spells it (lower case, no trailing dot).
fn is_localhost_name(name: &str) -> bool {
    name == "localhost" || name.ends_with(".localhost")
}

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use super::*;

    /// Answers every connection on `addr` with `who`, and counts them.
    async fn server(addr: &str) -> (SocketAddr, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        let listener = TcpListener::bind(addr).await.unwrap();
        let at = listener.local_addr().unwrap();
        let seen = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = seen.clone();
        tokio::spawn(async move {
            while let Ok((mut conn, _)) = listener.accept().await {
                count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let mut buf = [0u8; 4096];
                let _ = conn.read(&mut buf).await;
                let body = "{}";
                let answer = format!(
                    "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = conn.write_all(answer.as_bytes()).await;
            }
        });
        (at, seen)
    }

    /// A resolver that answers every name with `to`: a DNS server that lies.
    struct Lying(std::net::IpAddr);

    impl reqwest::dns::Resolve for Lying {
        fn resolve(&self, _name: reqwest::dns::Name) -> reqwest::dns::Resolving {
            let addr = SocketAddr::from((self.0, 0));
            Box::pin(async move {
                let addrs: reqwest::dns::Addrs = Box::new(std::iter::once(addr));
                Ok(addrs)
            })
        }
    }

    fn url(text: &str) -> reqwest::Url {
        reqwest::Url::parse(text).unwrap()
    }

    #[tokio::test]
    async fn a_localhost_name_goes_to_loopback_whatever_dns_or_a_proxy_say() {
        crate::install_crypto_provider();
        // The real service on 127.0.0.1; "elsewhere" on 127.0.0.2 (the same loopback device
        // on Linux, a remote host as far as the client can tell), on the same port.
        let (here, at_home) = server("127.0.0.1:0").await;
        let (_, elsewhere) = server(&format!("127.0.0.2:{}", here.port())).await;
        let (proxy, at_proxy) = server("127.0.0.1:0").await;
        let base = url(&format!("http://evil.localhost:{}/public/v1", here.port()));
        let builder = reqwest::Client::builder()
            .dns_resolver(std::sync::Arc::new(Lying([127, 0, 0, 2].into())))
            .proxy(reqwest::Proxy::all(format!("http://{proxy}")).unwrap());
        let client = stays_here(builder, &base).unwrap().build().unwrap();
        client.get(base.clone()).send().await.unwrap();
        let count =
            |c: &std::sync::atomic::AtomicUsize| c.load(std::sync::atomic::Ordering::SeqCst);
        assert_eq!(count(&at_home), 1, "resolved to loopback without DNS");
        assert_eq!(count(&elsewhere), 0, "the lying resolver was not asked");
        assert_eq!(count(&at_proxy), 0, "no proxy carries the token");
    }

    #[test]
    fn plain_http_goes_only_to_loopback() {
        let ok = |u: &str| stays_here(reqwest::Client::builder(), &url(u)).is_ok();
        assert!(ok("http://127.0.0.1:8080/public/v1"));
        assert!(ok("http://[::1]:8080/public/v1"));
        assert!(ok("http://localhost/public/v1"));
        assert!(ok("http://api.localhost:8080/public/v1"));
        for refused in [
            "http://api.weeek.net/public/v1",
            "http://localhost.evil.example/public/v1",
            "http://0.0.0.0:8080/public/v1",
            "http://10.0.0.1/public/v1",
        ] {
            let Err(e) = stays_here(reqwest::Client::builder(), &url(refused)) else {
                panic!("{refused} was let through")
            };
            assert!(e.to_string().contains("refusing plain http://"), "{e}");
        }
        let e = crate::Client::new(crate::ClientConfig::new(
            "http://api.weeek.net/public/v1",
            crate::Token::new("t"),
        ))
        .unwrap_err();
        assert!(matches!(e, ApiError::Config(_)), "{e:?}");
    }
}
