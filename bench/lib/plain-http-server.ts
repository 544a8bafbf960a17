// The pages benchmark's yardstick: node:http sending a fixed page from memory, nothing else.
//   node --import tsx bench/lib/plain-http-server.ts <port> <file>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [portText, file] = process.argv.slice(2);
const body = readFileSync(file!);
createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
}).listen(Number(portText), '127.0.0.1', () => console.log('ready'));
