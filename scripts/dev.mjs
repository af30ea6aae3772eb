// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot reload in front of it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@esd/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@esd/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
