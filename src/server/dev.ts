// `npm run dev`: the API restarts on change (node --watch) and Vite serves the client with hot reload, proxying /api to it.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';
import { loadConfig } from './config';

const config = loadConfig();
const apiPort = config.port + 1;
const api = spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), APP_URL: config.appUrl, SERVE_CLIENT: 'false', DEV_API_PORT: String(apiPort) },
});
process.env.DEV_API_PORT = String(apiPort);
const vite = await createServer({ server: { port: config.port, strictPort: true } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
