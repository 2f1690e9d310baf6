/**
 * Tries the agent API against a running demo console (`npm start`), as an agent's own system would:
 * with the demo's agent key of CN01 (whose whitelist holds this machine's addresses), it creates a
 * player, moves money in and out, reads the balance and the transfer back, pulls the bets of CN01's
 * sub-tree for the last day of data and its daily report.
 *
 *   npx tsx packages/agent-client/examples/try-demo.ts [http://localhost:8080]
 *
 * Another key: APP_ID=… SECRET=… AGENT_CODE=… npx tsx packages/agent-client/examples/try-demo.ts URL
 */
import { AgentApiError, createAgentClient } from '../src/index.ts';

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const agentCode = process.env.AGENT_CODE ?? 'CN01';
const client = createAgentClient({
  baseUrl,
  appId: process.env.APP_ID ?? 'agt_demo_cn01',
  secret: process.env.SECRET ?? 'demo-cn01-secret-0123456789abcdef',
});

const show = (what: string, value: unknown) => console.log(`${what}:`, JSON.stringify(value));

try {
  const account = 'api_sample_player';
  show('player/create', await client.playerCreate({ agent_code: agentCode, account }));
  const orderId = `sample-${Date.now()}`;
  show('transfer in', await client.transfer({ agent_code: agentCode, account, order_id: orderId, direction: 'in', amount: '100' }));
  show('the same order again (answered once)', await client.transfer({ agent_code: agentCode, account, order_id: orderId, direction: 'in', amount: '100' }));
  show('transfer out', await client.transfer({ agent_code: agentCode, account, order_id: `${orderId}-out`, direction: 'out', amount: '30.5' }));
  show('player/balance', await client.playerBalance({ agent_code: agentCode, account }));
  show('transfer/status', await client.transferStatus({ agent_code: agentCode, order_id: orderId }));

  const end = new Date();
  const start = new Date(end.getTime() - 86_400_000);
  let page = await client.bets({ agent_code: agentCode, start_time: start.toISOString(), end_time: end.toISOString(), limit: 5000 });
  let total = page.list.length;
  while (page.has_more) {
    page = await client.bets({ agent_code: agentCode, start_time: start.toISOString(), end_time: end.toISOString(), cursor: page.next_cursor, limit: 5000 });
    total += page.list.length;
  }
  console.log(`bets settled in the last 24 hours in ${agentCode}'s sub-tree: ${total}`);
  const day = end.toISOString().slice(0, 10);
  const report = await client.reportDaily({ agent_code: agentCode, start_date: day, end_date: day });
  console.log(`report/daily ${day}: ${report.list.length} rows; totals ${JSON.stringify(report.summary)}`);
} catch (err) {
  if (err instanceof AgentApiError) console.error(`refused: HTTP ${err.status} ${err.message}`);
  else console.error(err);
  process.exit(1);
}
