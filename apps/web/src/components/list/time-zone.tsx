import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'antd';
import { offsetOf, wallTimeOf, zoneLabel } from '../../lib/datetime';
import { useDictStore } from '../../stores/dict';
import { TimezoneSelect } from '../timezone-select';

/**
 * The timezone field of a list's filter bar (docs/product.md, "Timezones"): the reports', the
 * ledger's and the operation log's dates and times are asked for and shown in it. The bar shows
 * the list's zone in it and keeps the one searched with as the persisted choice (ListFilters'
 * `timeZone`).
 */
export function TimeZoneField({ width = 120 }: { width?: number }) {
  const { t } = useTranslation('components');
  return (
    <Form.Item name="time_zone_id" label={t('timezone')}>
      <TimezoneSelect style={{ width }} />
    </Form.Item>
  );
}

/**
 * The timezone a list asks for and shows its times in: its filter's (from the URL or a search),
 * else the persisted choice as it was when the screen opened, so that a search on another screen
 * does not change this one's request under its own feet.
 */
export function useListTimeZone(filters: { time_zone_id?: number | undefined }): number {
  const [stored] = useState(() => useDictStore.getState().timeZoneId);
  return filters.time_zone_id ?? stored;
}

/** A time range and its zone in a few words, for the phone's filter button: "2026-11-27 00:00 ~ 2026-11-27 23:59 · GMT+9:00". */
export function timeRangeSummary(start: string | undefined, end: string | undefined, zone: number): string {
  const [from, to] = [start, end].map((v) => (v ? wallTimeOf(v, offsetOf(zone)).slice(0, 16) : ''));
  return [from || to ? `${from} ~ ${to}` : '', zoneLabel(zone)].filter(Boolean).join(' · ');
}
