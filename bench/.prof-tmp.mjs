import { runIngestBench } from './ingest-beside-bookings.mjs';
import { runAlone } from './util.mjs';
const alone = runAlone(new URL('./ingest-beside-bookings.mjs', import.meta.url).href);
const r = await runIngestBench({ ...alone, serverArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', ...alone.serverArgs], duration: 15, connections: 10 });
console.table(r?.rows);
