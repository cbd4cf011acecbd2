# pokertd's web app in a container: the runtime only (no test or build tools), run by a user
# without privileges, its event file in the volume /data. See docs/deploy.md.
#
#   docker build -t pokertd .
#   docker run -d --name pokertd -p 8000:8000 -v pokertd-data:/data \
#     -e POKERTD_PASSWORD=... -e POKERTD_LAN_ADDRESS=192.168.1.20 pokertd
#
# The base image is pinned to a Python release and a Debian release (amd64, arm64 and armv7:
# a Raspberry Pi builds it too).

# -- build: the wheel, from the files .dockerignore lets in (pyproject.toml, README.md, src/) --
FROM python:3.11.14-slim-trixie AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
RUN python -m pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

# -- run: the wheel and its runtime dependencies, nothing else -------------------------------
FROM python:3.11.14-slim-trixie
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY --from=build /wheels /wheels
RUN python -m pip install --no-cache-dir /wheels/pokertd-*.whl \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin pokertd \
    && mkdir -p /data \
    && chown pokertd:pokertd /data
USER pokertd
WORKDIR /data
# The event file (and the director's settings in it) lives here: keep it in a named volume.
VOLUME /data
EXPOSE 8000
# GET /healthz answers {"ok": true} without logging in; the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"]
ENTRYPOINT ["pokertd"]
CMD ["web", "--host", "0.0.0.0", "--port", "8000", "--db", "/data/pokertd.db"]
