import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIMEZONES } from '@console/contract';
import { useDictStore } from '../stores/dict';

export const TIMEZONE_OPTIONS = TIMEZONES.map((tz) => ({ value: tz.id, label: tz.label }));

export interface TimezoneSelectProps extends Omit<SelectProps<number>, 'options' | 'value' | 'onChange'> {
  /** Controlled value; without it the select reads and writes the persisted choice (docs/product.md, "Preferences and defaults"). */
  value?: number;
  onChange?: (id: number) => void;
}

/**
 * The report timezone (docs/product.md, "Timezones": five zones, ids 1–5). Uncontrolled, it shares one persisted
 * choice across every report screen, so an operator working in GMT+9 picks it once.
 */
export function TimezoneSelect({ value, onChange, ...rest }: TimezoneSelectProps) {
  const { t } = useTranslation('components');
  const stored = useDictStore((s) => s.timeZoneId);
  const setStored = useDictStore((s) => s.setTimeZoneId);
  const controlled = value !== undefined;
  return (
    <Select<number>
      popupMatchSelectWidth={false}
      style={{ minWidth: 120 }}
      placeholder={t('timezone')}
      aria-label={t('timezone')}
      {...rest}
      options={TIMEZONE_OPTIONS}
      value={controlled ? value : stored}
      onChange={(id) => {
        if (!controlled) setStored(id);
        onChange?.(id);
      }}
    />
  );
}
