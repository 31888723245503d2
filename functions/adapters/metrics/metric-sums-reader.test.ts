import { GetMetricDataCommand, type CloudWatchClient, type GetMetricDataCommandOutput } from '@aws-sdk/client-cloudwatch';
import { CloudWatchSumsReader } from './metric-sums-reader';

// The query the CloudWatch reader sends (one daily Sum per name, in the service's dimension, over whole UTC days)
// and how it folds paged results into one sum per name. CloudWatch itself is not reachable from tests.
function fakeClient(pages: Array<Partial<GetMetricDataCommandOutput>>) {
  const sent: GetMetricDataCommand[] = [];
  const client = { send: async (command: GetMetricDataCommand) => (sent.push(command), pages[sent.length - 1]) } as unknown as CloudWatchClient;
  return { client, sent };
}

describe('CloudWatchSumsReader', () => {
  it('sums each named metric of the service over the days, negative values and pages included', async () => {
    const { client, sent } = fakeClient([
      { MetricDataResults: [{ Id: 'm0', Values: [3, 2] }, { Id: 'm1', Values: [1, -1, 1] }], NextToken: 'next' },
      { MetricDataResults: [{ Id: 'm0', Values: [5] }, { Id: 'm2', Values: [] }] },
    ]);
    const sums = await new CloudWatchSumsReader(client).sums('vigil-engagement', ['sessions', 'exit:/search', 'view:/'], '2031-03-01', '2031-03-30');
    expect(sums).toEqual({ sessions: 10, 'exit:/search': 1, 'view:/': 0 });
    const input = sent[0]!.input;
    expect(input.StartTime).toEqual(new Date('2031-03-01T00:00:00.000Z'));
    expect(input.EndTime).toEqual(new Date('2031-03-31T00:00:00.000Z'));
    expect(sent[1]!.input.NextToken).toBe('next');
    expect(input.MetricDataQueries!.map((q) => [q.Id, q.MetricStat!.Metric!.MetricName])).toEqual([['m0', 'sessions'], ['m1', 'exit:/search'], ['m2', 'view:/']]);
    for (const q of input.MetricDataQueries!) {
      expect(q.MetricStat).toMatchObject({ Period: 86_400, Stat: 'Sum', Metric: { Namespace: 'Vigil', Dimensions: [{ Name: 'service', Value: 'vigil-engagement' }] } });
    }
  });
});
