import { startServer } from '../../local/server';

/** The local runtime for the browser journeys: in memory, so every run starts empty. */
async function main() {
  const app = await startServer({ port: Number(process.env.PORT), inMemory: true });
  console.log(`e2e server at ${app.url}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
