/**
 * dynalite in its own process (bench/monitors.ts): the table is a service apart from the code that calls it, as
 * DynamoDB is on AWS, so the table's own CPU is not charged to the dispatch process. Sends its endpoint to the
 * parent, then serves until killed; answers `cpu` with the CPU seconds it used.
 */
import { startDynalite } from '../../local/stand-ins/dynamo';

// Asked for its CPU time (user + system seconds) at the end of the run.
process.on('message', (m) => m === 'cpu' && process.send!({ cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6 }));

startDynalite()
  .then((d) => process.send!({ endpoint: d.endpoint }))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
