#!/usr/bin/env python3
"""A tiny TCP server for the journey proofs: on every connection it answers one line,
"LOCAL_ADDR LOCAL_PORT PEER_ADDR PEER_PORT", and closes. So the client learns which pod it
reached (after the DNAT) and the source address that pod saw (after any masquerade).

Run inside a pod's namespace: `python3 tcp_echo_server.py [--ipv6] PORT [PORT ...]`; with --ipv6 each
port also listens on IPv6 (a socket of its own, so an IPv4 peer is never shown as ::ffff:a.b.c.d).
Prints "ready" once every port listens. Standard library only.
"""
import socket
import sys
import threading


def serve(listener):
    while True:
        conn, peer = listener.accept()
        local = conn.getsockname()
        try:
            conn.sendall(f"{local[0]} {local[1]} {peer[0]} {peer[1]}\n".encode())
        finally:
            conn.close()


def main():
    args = sys.argv[1:]
    families = [(socket.AF_INET, "0.0.0.0")]
    if args and args[0] == "--ipv6":
        args = args[1:]
        families.append((socket.AF_INET6, "::"))
    listeners = []
    for port in args:
        for family, anywhere in families:
            s = socket.socket(family, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            s.bind((anywhere, int(port)))
            s.listen(64)
            listeners.append(s)
    for s in listeners:
        threading.Thread(target=serve, args=(s,), daemon=True).start()
    print("ready", flush=True)
    threading.Event().wait()


main()
