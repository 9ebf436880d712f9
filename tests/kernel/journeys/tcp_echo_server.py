#!/usr/bin/env python3
"""A tiny TCP server for the journey proofs: on every connection it answers one line,
"LOCAL_ADDR LOCAL_PORT PEER_ADDR PEER_PORT", and closes. So the client learns which pod it
reached (after the DNAT) and the source address that pod saw (after any masquerade).

Run inside a pod's namespace: `python3 tcp_echo_server.py PORT [PORT ...]`. Prints "ready" once
every port listens. Standard library only.
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
    listeners = []
    for port in sys.argv[1:]:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("0.0.0.0", int(port)))
        s.listen(64)
        listeners.append(s)
    for s in listeners:
        threading.Thread(target=serve, args=(s,), daemon=True).start()
    print("ready", flush=True)
    threading.Event().wait()


main()
