import { Cond, Placeholders, queryParams, updateParams } from './table';

describe('Cond', () => {
  it('numbers names and values, reusing a name placeholder for the same attribute', () => {
    const expr = Cond.or(Cond.notExists('count'), Cond.le('count', 4)).build();
    expect(expr).toEqual({
      expression: '(attribute_not_exists(#c0)) OR (#c0 <= :c0)',
      names: { '#c0': 'count' },
      values: { ':c0': 4 },
    });
  });

  it('reads IN lists, null checks and negation', () => {
    const expr = Cond.and(Cond.in('status', ['sent', 'draft']), Cond.isNull('nextRunAt'), Cond.not(Cond.eq('paused', true))).build();
    expect(expr.expression).toBe(
      '(#c0 IN (:c0, :c1)) AND ((attribute_not_exists(#c1)) OR (attribute_type(#c1, :c2))) AND (NOT (#c2 = :c3))',
    );
    expect(expr.values).toEqual({ ':c0': 'sent', ':c1': 'draft', ':c2': 'NULL', ':c3': true });
  });

  it('takes an attribute name whole, dots and colons included', () => {
    const p = new Placeholders('x');
    expect(p.name('plan:pro')).toBe('#x0');
    expect(p.name('a.b')).toBe('#x1');
    expect(p.names).toEqual({ '#x0': 'plan:pro', '#x1': 'a.b' });
  });
});

describe('updateParams', () => {
  it('builds SET, if_not_exists, ADD and REMOVE with the condition on one numbering', () => {
    const params = updateParams(
      { pk: 'P', sk: 'S' },
      { set: { status: 'sent', skipped: undefined }, setIfAbsent: { createdAt: 't' }, add: { count: 1 }, remove: ['gsi3pk'] },
      { condition: Cond.eq('status', 'draft'), returns: 'new' },
    );
    expect(params).toMatchObject({
      Key: { pk: 'P', sk: 'S' },
      UpdateExpression: 'SET #u0 = :u0, #u1 = if_not_exists(#u1, :u1) ADD #u2 :u2 REMOVE #u3',
      ConditionExpression: '#u0 = :u3',
      ExpressionAttributeNames: { '#u0': 'status', '#u1': 'createdAt', '#u2': 'count', '#u3': 'gsi3pk' },
      ExpressionAttributeValues: { ':u0': 'sent', ':u1': 't', ':u2': 1, ':u3': 'draft' },
      ReturnValues: 'ALL_NEW',
    });
  });

  it('writes fields inside a map and appends to a list, with a condition on a path', () => {
    const params = updateParams(
      { pk: 'P', sk: 'S' },
      { setIn: { submission: { state: 'failed', error: undefined } }, append: { history: [{ at: 't' }] } },
      { condition: Cond.in(['submission', 'state'], ['queued']), returns: 'old' },
    );
    expect(params).toMatchObject({
      UpdateExpression: 'SET #u0.#u1 = :u0, #u2 = list_append(if_not_exists(#u2, :u1), :u2)',
      ConditionExpression: '#u0.#u1 IN (:u3)',
      ExpressionAttributeNames: { '#u0': 'submission', '#u1': 'state', '#u2': 'history' },
      ExpressionAttributeValues: { ':u0': 'failed', ':u1': [], ':u2': [{ at: 't' }], ':u3': 'queued' },
      ReturnValues: 'ALL_OLD',
    });
  });

  it('refuses an update that changes nothing', () => {
    expect(() => updateParams({ pk: 'P', sk: 'S' }, { set: { a: undefined } })).toThrow('nothing to change');
  });
});

describe('queryParams', () => {
  it('queries an index partition newest first below a cursor', () => {
    expect(queryParams({ index: 'gsi1', partition: 'USER#u#CASE', sortBelow: '01J', descending: true })).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: '#k0 = :k0 AND #k1 < :k1',
      ExpressionAttributeNames: { '#k0': 'gsi1pk', '#k1': 'gsi1sk' },
      ExpressionAttributeValues: { ':k0': 'USER#u#CASE', ':k1': '01J' },
      ScanIndexForward: false,
    });
  });

  it('reads the table itself consistently, with a filter and a projection', () => {
    const params = queryParams({ partition: 'COUNTER#x', sortBeginsWith: 'DAY#', consistent: true, filter: Cond.gt('count', 0), attributes: ['count'] });
    expect(params).toMatchObject({
      KeyConditionExpression: '#k0 = :k0 AND begins_with(#k1, :k1)',
      FilterExpression: '#k2 > :k2',
      ProjectionExpression: '#k2',
      ConsistentRead: true,
    });
    expect(params.IndexName).toBeUndefined();
  });

  it('never asks an index for a consistent read (DynamoDB refuses it on a GSI)', () => {
    expect(queryParams({ index: 'gsi3', partition: 'MONITOR_DUE', sortAtMost: '2026', consistent: true }).ConsistentRead).toBeUndefined();
  });
});
