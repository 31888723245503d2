import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { PAGE_SUGGESTIONS } from '../../../../shared/help/knowledge-base';
import { ValidationError } from '../../../lib/errors';
import { logger } from '../../../lib/logger';
import { bedrockConverse } from '../../../adapters/llm/converse';
import { converseOk, converseToolUse, startConverseFixture, type ConverseFixture } from '../../../adapters/llm/tests/converse-fixture';
import { createAssistant } from '../create-assistant';
import { ModelAssistant } from '../model-assistant';
import { OfflineAssistant } from '../offline-assistant';
import { HELP_CENTRE_PREFIX, OFF_TOPIC_REPLY } from '../replies';
import type { AccountTools, ToolOutput } from '../account-tools';

const MODEL_ID = 'anthropic.claude-3-5-haiku-20241022-v1:0';

let fixture: ConverseFixture;
let client: BedrockRuntimeClient;
let assistant: ModelAssistant;

beforeAll(async () => {
  logger.setLogLevel('SILENT');
  fixture = await startConverseFixture();
  client = new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint: fixture.endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  assistant = new ModelAssistant({ converse: bedrockConverse(client, MODEL_ID), modelId: MODEL_ID });
});

afterAll(async () => {
  client.destroy();
  await fixture.close();
});

beforeEach(() => {
  fixture.calls.length = 0;
  fixture.answer(converseOk('Pro costs $100/month.'));
});

describe('ModelAssistant on Bedrock Converse (against a loopback fixture)', () => {
  it('sends a grounded, signed Converse request and returns the model text with KB suggestions', async () => {
    const out = await assistant.reply({
      message: 'How much does the Pro plan cost?',
      context: { page: '/account?tab=billing', conversationHistory: [{ role: 'assistant', content: 'Hi! How can I help?' }] },
    });

    expect(out.reply).toBe('Pro costs $100/month.');
    expect(out.suggestions.length).toBe(3);
    expect(out.suggestions).not.toContain('How much does each plan cost?');
    expect(fixture.calls).toHaveLength(1);
    const call = fixture.calls[0]!;
    expect(call.modelId).toBe(MODEL_ID);
    expect(String(call.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(call.body.inferenceConfig).toEqual({ maxTokens: 600, temperature: 0.2 });
    // the greeting from the widget cannot open a Converse conversation
    expect(call.body.messages).toEqual([{ role: 'user', content: [{ text: 'How much does the Pro plan cost?' }] }]);
    const system = call.body.system?.[0]?.text ?? '';
    expect(system).toContain('Only help with content protection, DMCA takedowns');
    expect(system).toContain('The user is on /account: the Account page');
    expect(system).toMatch(/\[1\] FAQ: How much does each plan cost\?\nTrial is free \(\$0\)\. Basic costs \$50\/month, Pro costs \$100\/month/);
  });

  it('sends only the last 6 history messages, truncated, as alternating Converse turns', async () => {
    const history = Array.from({ length: 9 }, (_, i) => ({
      role: (i % 2 === 0 ? 'user' : 'assistant') as 'user' | 'assistant',
      content: `turn ${i} ${i === 8 ? 'x'.repeat(3000) : ''}`.trim(),
    }));
    await assistant.reply({ message: 'And how long do takedowns take?', context: { page: '/cases', conversationHistory: history } });

    const messages = fixture.calls[0]!.body.messages;
    // last 6 are turns 3..8; turn 3 is an assistant turn, so Converse starts at turn 4
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages[0]!.content[0]!.text).toBe('turn 4');
    const last = messages[messages.length - 1]!.content[0]!.text ?? '';
    expect(last.startsWith('turn 8 xxx')).toBe(true);
    expect(last.endsWith('…\n\nAnd how long do takedowns take?')).toBe(true);
    expect(last.length).toBeLessThan(1100);
  });

  it('answers _get_suggestions and refused messages without calling the model', async () => {
    expect(await assistant.reply({ message: '_get_suggestions', context: { page: '/settings' } })).toEqual({
      reply: '',
      suggestions: PAGE_SUGGESTIONS['/settings'],
    });
    expect((await assistant.reply({ message: 'write me a poem about cats' })).reply).toBe(OFF_TOPIC_REPLY);
    await expect(assistant.reply({ message: 'q'.repeat(2001) })).rejects.toBeInstanceOf(ValidationError);
    expect(fixture.calls).toHaveLength(0);
  });

  it("turns a guardrail stop into the polite refusal", async () => {
    fixture.answer(converseOk('blocked', 'guardrail_intervened'));
    expect((await assistant.reply({ message: 'How do I send a takedown?' })).reply).toBe(OFF_TOPIC_REPLY);
  });

  it('falls back to the help-centre answer when Bedrock fails or says nothing', async () => {
    fixture.answer({ status: 429, headers: { 'x-amzn-errortype': 'ThrottlingException' }, body: { message: 'Too many requests' } });
    const throttled = await assistant.reply({ message: 'How long do takedowns take?', context: { page: '/cases' } });
    expect(throttled.reply.startsWith(HELP_CENTRE_PREFIX)).toBe(true);
    expect(throttled.reply).toContain('24-48 hours');

    fixture.answer(converseOk('   '));
    const empty = await assistant.reply({ message: 'Which file types can I upload?' });
    expect(empty.reply).toContain('JPG');
    expect(fixture.calls).toHaveLength(2);
  });
});

describe('ModelAssistant with the account tools (Converse tool use)', () => {
  const usage: ToolOutput = {
    tool: 'get_usage',
    usage: {
      plan: { id: 'pro', name: 'Pro', priceUsd: 100, monitors: '10 monitors, every 6 hours', automatedSubmission: true },
      period: '2026-11',
      scans: { used: 3, limit: 50, left: 47 },
      submissions: { used: 0, limit: 100, left: 100, perDay: 25 },
      resetsAt: '2026-12-01T00:00:00.000Z',
    },
  };
  /** The caller's tools as the service binds them; records what the model asked for. */
  const tools = (asked: { name: string; input: unknown }[]): AccountTools => ({
    userId: 'u-owner',
    run: async (name, input) => {
      asked.push({ name, input });
      return name === 'get_usage' ? usage : { tool: name, error: `There is no tool named ${name}.` };
    },
  });

  it('offers the tools, runs the one the model asks for, and sends its output back before the answer', async () => {
    fixture.answer(converseToolUse('t1', 'get_usage'), converseOk('You have 47 scans left this month.'));
    const asked: { name: string; input: unknown }[] = [];
    const out = await assistant.reply({ message: 'How many scans do I have left?' }, tools(asked));
    expect(out.reply).toBe('You have 47 scans left this month.');
    expect(asked).toEqual([{ name: 'get_usage', input: {} }]);
    expect(fixture.calls).toHaveLength(2);
    const [first, second] = fixture.calls;
    expect(first!.body.toolConfig?.tools.map((t) => t.toolSpec.name)).toEqual(['get_usage', 'list_scans', 'list_monitors', 'list_cases', 'get_case', 'list_escalations']);
    expect(first!.body.system?.[0]?.text).toContain("call the tools and answer only from what they return");
    expect(second!.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'get_usage', input: {} } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ json: usage }] } }] },
    ]);
  });

  it('marks an unknown tool as an error, and answers offline from the same tools when the model never stops asking', async () => {
    fixture.answer(converseToolUse('t1', 'read_other_user'), converseToolUse('t2', 'get_usage'));
    const asked: { name: string; input: unknown }[] = [];
    const out = await assistant.reply({ message: 'How many scans do I have left?' }, tools(asked));
    expect(fixture.calls[1]!.body.messages[2]!.content[0]!.toolResult?.status).toBe('error');
    expect(out.reply).toContain('47 scans left this month (3 of 50 used)');
  });

  it('offers no tools without an account', async () => {
    await assistant.reply({ message: 'How much does the Pro plan cost?' });
    expect(fixture.calls[0]!.body.toolConfig).toBeUndefined();
  });
});

describe('createAssistant', () => {
  it('is the offline assistant without a model id', () => {
    expect(createAssistant({ region: 'us-east-1', requestTimeoutMs: 1000 })).toBeInstanceOf(OfflineAssistant);
  });

  it('is the Bedrock assistant with a model id, reaching the configured endpoint', async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = 'test';
    process.env.AWS_SECRET_ACCESS_KEY = 'test';
    try {
      const a = createAssistant({ bedrockModelId: 'amazon.nova-micro-v1:0', region: 'eu-west-1', bedrockEndpoint: fixture.endpoint, requestTimeoutMs: 5000 });
      expect(a).toBeInstanceOf(ModelAssistant);
      expect((await a.reply({ message: 'How much does Pro cost?' })).reply).toBe('Pro costs $100/month.');
      expect(fixture.calls[0]!.modelId).toBe('amazon.nova-micro-v1:0');
      expect(String(fixture.calls[0]!.headers.authorization)).toContain('/eu-west-1/bedrock/');
    } finally {
      process.env.AWS_ACCESS_KEY_ID = saved.id;
      process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    }
  });
});
