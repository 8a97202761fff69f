#!/usr/bin/env python3
"""A small JSON API of the shop's customers, for recording customers.har (see record-customers).

usage: customers-api.py --port PORT   (prints the port once it listens)
GET /api/customers answers {"data": [...], "page": 1, "total": N}; anything else is a 404 in JSON.
"""
import argparse
import json
from http.server import BaseHTTPRequestHandler, HTTPServer

CUSTOMERS = [
    {"id": "c-101", "name": "Anna", "tier": "gold", "joined": "2024-03-02", "newsletter": True},
    {"id": "c-102", "name": "Boris", "tier": "silver", "joined": "2024-11-19", "newsletter": False},
    {"id": "c-103", "name": "Chen", "tier": "gold", "joined": "2023-07-30", "newsletter": True},
    {"id": "c-104", "name": "Dana", "tier": "bronze", "joined": "2025-09-14", "newsletter": False},
    {"id": "c-105", "name": "Emil", "tier": "bronze", "joined": "2025-12-01", "newsletter": True},
    {"id": "c-106", "name": "Farida", "tier": "silver", "joined": "2024-05-21", "newsletter": True},
    {"id": "c-107", "name": "Goran", "tier": "silver", "joined": "2025-02-08", "newsletter": False},
    {"id": "c-108", "name": "Hana", "tier": "gold", "joined": "2023-12-24", "newsletter": True},
]


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/api/customers":
            status, body = 200, {"data": CUSTOMERS, "page": 1, "total": len(CUSTOMERS)}
        else:
            status, body = 404, {"error": f"no route {self.path}"}
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    port = parser.parse_args().port
    server = HTTPServer(("127.0.0.1", port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
