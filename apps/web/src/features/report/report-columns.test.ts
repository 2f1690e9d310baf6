import { describe, expect, it } from 'vitest';
import { report } from '@console/contract';
import i18n from '../../locales';
import { keyColumnsOf, reportTableColumns } from './report-columns';
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

  it('keeps the drill links at the right edge on a desktop', () => {
    expect(columnsOf(R.agentDaily).at(-1)).toMatchObject({ key: 'drill', fixed: 'right' });
  });
});
