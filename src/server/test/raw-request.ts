// One HTTP/1.1 GET over a raw socket bound to a chosen client address (127.0.0.2 is loopback too on Linux): what the server
// answered first, its status, headers and (for an answer that is not a stream) its whole body, with the socket left open.
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  socket: net.Socket;
}

/**
 * GET `path` from `localAddress`. A 200 event stream resolves at its headers (its events need not be waited for); any
 * other answer once its body (content-length) is in. A connection closed or reset before an answer rejects: that is what
 * a process out of file descriptors does (it accepts and drops).
 */
export function rawGet(port: number, path: string, localAddress: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    let answered = false;
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`));
    socket.on('error', (error) => {
      if (!answered) reject(error);
    });
    socket.on('close', () => {
      if (!answered) reject(new Error(`GET ${path} from ${localAddress}: the connection closed without an answer`));
    });
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const status = Number(statusLine!.split(' ')[1]);
      const body = text.slice(end + 4);
      const stream = status === 200 && headers['content-type'] === 'text/event-stream';
      if (!stream && Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return;
      answered = true;
      socket.removeAllListeners('data');
      resolve({ status, headers, body, socket });
    });
  });
}
