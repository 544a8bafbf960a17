// The yardstick for the API benchmark: a bare Express 5 route answering a constant JSON string of a
// given size. Run as a child process: tsx bench/lib/const-json-server.ts <port> <file with the body>
import { readFileSync } from 'node:fs';
import express from 'express';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!, 'utf8');
const app = express();
app.disable('x-powered-by');
app.get('/const', (_req, res) => {
  res.type('application/json').send(body);
});
app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
