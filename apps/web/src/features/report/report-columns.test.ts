import { describe, expect, it } from 'vitest';
import { report } from '@console/contract';
import i18n from '../../locales';
import { keyColumnsOf, phonePlacesOf, reportTableColumns } from './report-columns';
import { reportColumnSpecs } from './report-config';

const R = report.REPORT_SCREENS;
const columnsOf = (def: report.ReportDef, phone = false) =>
  reportTableColumns({ specs: reportColumnSpecs(def), language: 'en', decimalsOf: () => 2, drills: () => [], phone, t: i18n.t });

describe('report columns at 1440 px and on a phone', () => {
  it('pins the columns that name a row to the left: a daily row by its date and agent, a summary row by its agent', () => {
    expect([...keyColumnsOf(reportColumnSpecs(R.agentDaily))]).toEqual(['date', 'agent_code']);
    expect([...keyColumnsOf(reportColumnSpecs(R.agentSummary))]).toEqual(['agent_code']);
    expect([...keyColumnsOf(reportColumnSpecs(R.currencyDaily))]).toEqual(['date']);
    expect([...keyColumnsOf(reportColumnSpecs(R.agentSettlement))]).toEqual(['month', 'agent_code']);
    const daily = columnsOf(R.agentDaily);
    expect(daily.filter((c) => c.keyColumn).map((c) => c.key)).toEqual(['date', 'agent_code']);
    // The figures an operator reads are there to scroll to, not cut off.
    for (const key of ['platform_win_loss', 'rtp', 'new_player_count']) expect(daily.some((c) => c.key === key && !c.defaultHidden)).toBe(true);
  });

  it('keeps the drill links at the right edge, on a desktop and on a phone', () => {
    expect(columnsOf(R.agentDaily).at(-1)).toMatchObject({ key: 'drill', fixed: 'right' });
    expect(columnsOf(R.agentDaily, true).at(-1)).toMatchObject({ key: 'drill', fixed: 'right' });
  });

  it('on a phone stacks the other names and the currency under the key column, and brings the amounts beside it', () => {
    const places = (def: report.ReportDef) => Object.fromEntries(phonePlacesOf(reportColumnSpecs(def)));
    // A daily row: its agent and currency under its date; the bet amount and the platform's win/loss beside them.
    expect(places(R.agentDaily)).toEqual({ agent_code: 'stack', currency_code: 'stack', bet_amount: 'lead', platform_win_loss: 'lead' });
    // A bet: its cancellation, player and currency under its id; its amount and the player's win/loss, all a bet has.
    expect(places(R.playerBetting)).toEqual({ cancelled_at: 'stack', player_account: 'stack', currency_code: 'stack', bet_amount: 'lead', player_win_loss: 'lead' });
    // The settlement: the agent and currency under the month; the win/loss and the agent's own take.
    expect(places(R.agentSettlement)).toEqual({ agent_code: 'stack', currency_code: 'stack', platform_win_loss: 'lead', own_take: 'lead' });
    // The player is the key column of a player summary; a currency report's currency is its key.
    expect(places(R.playerSummary)).toMatchObject({ currency_code: 'stack', bet_amount: 'lead' });
    expect(places(R.playerSummary).player_account).toBeUndefined();
    expect(places(R.currencySummary).currency_code).toBeUndefined();
    // The places are on the columns; the desktop's columns are the same ones, laid out as given.
    const settlement = columnsOf(R.agentSettlement);
    expect(settlement.filter((c) => c.phone).map((c) => [c.key, c.phone])).toEqual([
      ['agent_code', 'stack'],
      ['currency_code', 'stack'],
      ['platform_win_loss', 'lead'],
      ['own_take', 'lead'],
    ]);
  });
});
