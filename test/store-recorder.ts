import { db } from '../functions/store/table';

/**
 * The fast tier's view of the table: every command the store sends is recorded (its DynamoDB operation, `PutItem`, and the input the entity
 * built, before marshalling) and answered from `respond` without a network call, so an entity's reads and guarded
 * writes can be checked parameter by parameter in milliseconds. The dynalite tests check what those parameters do.
 */
export interface RecordedCommand {
  name: string;
  input: Record<string, unknown>;
}

type Responder = (command: RecordedCommand) => Record<string, unknown> | Error | undefined;

export function recordStore(respond: Responder = () => ({})): { commands: RecordedCommand[]; stop(): void } {
  const commands: RecordedCommand[] = [];
  const name = `vigilStoreRecorder${Math.random().toString(36).slice(2)}`;
  const client = db();
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      // The document client's commands reach the stack under DynamoDB's operation names (`PutItemCommand`).
      const operation = ((context as { commandName?: string }).commandName ?? '').replace(/Command$/, '');
      const recorded = { name: operation, input: structuredClone(args.input as Record<string, unknown>) };
      commands.push(recorded);
      const answer = respond(recorded) ?? {};
      if (answer instanceof Error) throw answer;
      return { output: { $metadata: {}, ...answer }, response: {} };
    },
    { step: 'initialize', priority: 'high', name },
  );
  return {
    commands,
    stop: () => void client.middlewareStack.remove(name),
  };
}

/** A ConditionalCheckFailedException, as DynamoDB answers a write whose condition did not hold. */
export function conditionFailed(): Error {
  return Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
}
