#!/usr/bin/env python3
"""A local news API for Scripts/bench-news: the same pages as the tests' FixtureServer.

GET /api/news/{page}/{pageSize}   {"news":[item...],"totalCount":N}; items 1...N, every third
                                  without a picture, the others sharing /images/sample.png
GET /images/sample.png            a 4x3 PNG (after --image-delay seconds)
GET /_stats                       {"path": requests so far, ...} (not counted)

HTTP/1.1 with keep-alive, one thread per connection. Prints the port it listens on (on
127.0.0.1; --port chooses it), then serves until killed.
"""

import argparse
import json
import struct
import threading
import time
import zlib
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CATEGORIES = ["release", "promo", "service", "event"]


def png(width, height):
    """A valid RGB PNG of the given size."""
    raw = b"".join(
        b"\x00" + bytes(value for x in range(width) for value in (x * 40 % 256, y * 60 % 256, 90))
        for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def item(number, base):
    day = 15 - number % 6
    image = None if number % 3 == 0 else f"{base}/images/sample.png"
    return {
        "id": number, "title": f"Fixture story {number}", "description": f"Body of fixture story {number}.",
        "publishedDate": f"2026-01-{day:02d}T09:{number % 60:02d}:00", "url": f"{base}/news/{number}",
        "fullUrl": f"{base}/news/{number}?full=1", "titleImageUrl": image,
        "categoryType": CATEGORIES[number % len(CATEGORIES)], "fixtureExtra": {"n": number},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--total", type=int, default=1500, help="news items in all (default 1500)")
    parser.add_argument("--image-delay", type=float, default=0.0, help="seconds before an image is sent")
    parser.add_argument("--port", type=int, default=0, help="the port to listen on (default: any free one)")
    options = parser.parse_args()
    counts = Counter()
    lock = threading.Lock()
    picture = png(4, 3)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # The header and the body are separate writes: without this, each response waits
        # for the client's delayed ACK (about 40 ms).
        disable_nagle_algorithm = True

        def do_GET(self):
            path = self.path.split("?", 1)[0]
            if path == "/_stats":
                with lock:
                    return self.send(200, "application/json", json.dumps(dict(counts)).encode())
            with lock:
                counts[path] += 1
            parts = path.split("/")
            if len(parts) == 5 and parts[1:3] == ["api", "news"] and parts[3].isdigit() and parts[4].isdigit():
                page, size = int(parts[3]), int(parts[4])
                base = f"http://{self.headers.get('Host', '127.0.0.1')}"
                first, last = (page - 1) * size + 1, min(options.total, page * size)
                body = {"news": [item(n, base) for n in range(first, last + 1)], "totalCount": options.total}
                return self.send(200, "application/json", json.dumps(body, separators=(",", ":")).encode())
            if path == "/images/sample.png":
                time.sleep(options.image_delay)
                return self.send(200, "image/png", picture)
            self.send(404, "application/json", b'{"error":"not found"}')

        def send(self, status, content_type, body):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
