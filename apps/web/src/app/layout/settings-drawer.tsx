import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ColorPicker, Divider, Drawer, Flex, Segmented, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined, DesktopOutlined, MoonOutlined, SunOutlined, UndoOutlined } from '@ant-design/icons';
import { PRESET_THEME_COLORS } from '../../lib/theme';
import { LAYOUT_MODES, type LayoutMode, type SettingsValues, type ThemeMode, useSettingsStore } from '../../stores/settings';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" className="settings-row">
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** A small drawing of each layout, as the picker in ant-design-pro shows. */
function LayoutPreview({ mode }: { mode: LayoutMode }) {
  return (
    <div className={`layout-preview layout-preview-${mode}`} aria-hidden>
      {mode !== 'left' && <div className="lp-header" />}
      {mode !== 'top' && <div className="lp-side" />}
      <div className="lp-main" />
    </div>
  );
}

/**
 * The settings panel (docs/product.md, "Preferences and defaults"): theme, theme colour, tags view, fixed header, sidebar logo,
 * layout and watermark. Every change applies at once and is remembered; reset returns
 * to the defaults.
 */
export function SettingsDrawer({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation('settings');
  const s = useSettingsStore();
  const set = s.setSetting;
  const toggle = (key: keyof Pick<SettingsValues, 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'watermarkEnabled'>, testId: string) => (
    <Switch checked={s[key]} onChange={(v) => set(key, v)} aria-label={t(key === 'watermarkEnabled' ? 'watermark' : key)} data-testid={testId} />
  );

  return (
    <Drawer
      open={s.showSettings}
      onClose={() => s.setShowSettings(false)}
      title={t('title')}
      size={mobile ? 'default' : 360}
      styles={{ body: { paddingTop: 8 } }}
      rootClassName="settings-drawer"
      footer={
        <Button block icon={<UndoOutlined />} onClick={s.resetSettings} data-testid="settings-reset">
          {t('reset')}
        </Button>
      }
    >
      <Divider titlePlacement="start" plain>
        {t('section.theme')}
      </Divider>
      <Segmented<ThemeMode>
        block
        value={s.theme}
        onChange={(v) => set('theme', v)}
        data-testid="settings-theme"
        options={[
          { value: 'light', label: t('theme.light'), icon: <SunOutlined /> },
          { value: 'dark', label: t('theme.dark'), icon: <MoonOutlined /> },
          { value: 'auto', label: t('theme.auto'), icon: <DesktopOutlined /> },
        ]}
      />

      <Divider titlePlacement="start" plain>
        {t('section.color')}
      </Divider>
      <Flex wrap gap={10} className="color-swatches" data-testid="settings-colors">
        {PRESET_THEME_COLORS.map((color) => {
          const on = s.themeColor.toUpperCase() === color;
          return (
            <Tooltip key={color} title={color}>
              <button
                type="button"
                className={`color-swatch${on ? ' is-active' : ''}`}
                style={{ background: color }}
                aria-label={color}
                aria-pressed={on}
                data-color={color}
                onClick={() => set('themeColor', color)}
              >
                {on && <CheckOutlined />}
              </button>
            </Tooltip>
          );
        })}
        <ColorPicker
          value={s.themeColor}
          disabledAlpha
          onChangeComplete={(c) => set('themeColor', c.toHexString())}
          showText={() => t('custom')}
          size="small"
          data-testid="settings-color-picker"
        />
      </Flex>

      <Divider titlePlacement="start" plain>
        {t('section.layout')}
      </Divider>
      <Flex gap={12} className="layout-choices" data-testid="settings-layout">
        {LAYOUT_MODES.map((mode) => (
          <Tooltip key={mode} title={mobile ? t('layoutMobileHint') : undefined}>
            <button
              type="button"
              className={`layout-choice${s.layout === mode ? ' is-active' : ''}`}
              aria-pressed={s.layout === mode}
              data-layout={mode}
              onClick={() => set('layout', mode)}
            >
              <LayoutPreview mode={mode} />
              <span>{t(`layout.${mode}`)}</span>
            </button>
          </Tooltip>
        ))}
      </Flex>

      <Divider titlePlacement="start" plain>
        {t('section.interface')}
      </Divider>
      <Row label={t('tagsView')}>{toggle('tagsView', 'settings-tags-view')}</Row>
      <Row label={t('fixedHeader')}>{toggle('fixedHeader', 'settings-fixed-header')}</Row>
      <Row label={t('sidebarLogo')}>{toggle('sidebarLogo', 'settings-sidebar-logo')}</Row>
      <Row label={t('watermark')}>{toggle('watermarkEnabled', 'settings-watermark')}</Row>
    </Drawer>
  );
}
