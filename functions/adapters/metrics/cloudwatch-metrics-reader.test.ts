import { GetMetricDataCommand, type CloudWatchClient, type GetMetricDataCommandOutput } from '@aws-sdk/client-cloudwatch';
import { CloudWatchMetricsReader } from './cloudwatch-metrics-reader';

// The adapter's own logic: the query it sends (whole UTC days, daily Sums of the {service} totals) and how it
// folds paged results into days. CloudWatch itself is not reachable from tests; the client records the calls.
function fakeClient(pages: Array<Partial<GetMetricDataCommandOutput>>) {
  const sent: GetMetricDataCommand[] = [];
  const client = {
    send: async (command: GetMetricDataCommand) => {
      sent.push(command);
      return pages[sent.length - 1];
    },
  } as unknown as CloudWatchClient;
  return { client, sent };
}

describe('CloudWatchMetricsReader', () => {
  it('asks for daily Sums of each figure over whole UTC days and sums the pages by day', async () => {
    const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
    const { client, sent } = fakeClient([
      {
        MetricDataResults: [
          { Id: 'requests', Timestamps: [day('2031-03-01'), day('2031-03-02')], Values: [10, 4] },
          { Id: 'latencyms', Timestamps: [day('2031-03-01')], Values: [1200] },
        ],
        NextToken: 'page-2',
      },
      { MetricDataResults: [{ Id: 'healthy', Timestamps: [day('2031-03-02')], Values: [3] }, { Id: 'servererrors', Timestamps: [], Values: [] }] },
    ]);
    const days = await new CloudWatchMetricsReader(client).daily('2031-03-01', '2031-03-02');

    expect([...days.keys()]).toEqual(['2031-03-01', '2031-03-02']);
    expect(days.get('2031-03-01')).toEqual({ requests: 10, latencyMs: 1200, serverErrors: 0, clientErrors: 0, healthChecks: 0, healthy: 0 });
    expect(days.get('2031-03-02')).toMatchObject({ requests: 4, healthy: 3 });
    expect(sent).toHaveLength(2);
    const input = sent[0]!.input;
    expect(input.StartTime).toEqual(day('2031-03-01'));
    expect(input.EndTime).toEqual(day('2031-03-03'));
    expect(sent[1]!.input.NextToken).toBe('page-2');
    expect(input.MetricDataQueries!.map((q) => q.MetricStat!.Metric!.MetricName)).toEqual([
      'Requests',
      'Latency',
      'ServerErrors',
      'ClientErrors',
      'HealthChecks',
      'HealthOk',
    ]);
    for (const q of input.MetricDataQueries!) {
      expect(q.MetricStat).toMatchObject({ Period: 86_400, Stat: 'Sum', Metric: { Namespace: 'Vigil', Dimensions: [{ Name: 'service', Value: 'vigil-api' }] } });
    }
  });
});
