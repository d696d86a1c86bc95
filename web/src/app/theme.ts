import { theme, type ThemeConfig } from 'antd';

/** The one theme: dark, with the spacing, radius and type scale of antd's tokens. */
export const PALETTE = {
  background: '#0b1220',
  surface: '#111a2b',
  raised: '#16213a',
  chrome: '#0e1729',
  border: '#24324d',
  borderSoft: '#1b2740',
  primary: '#4aa8ff',
  gold: '#f5b642',
} as const;

export const appTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: PALETTE.primary,
    colorInfo: PALETTE.primary,
    colorLink: PALETTE.primary,
    colorSuccess: '#49c17a',
    colorWarning: PALETTE.gold,
    colorError: '#ff6b6b',
    colorBgBase: PALETTE.background,
    colorBgLayout: PALETTE.background,
    colorBgContainer: PALETTE.surface,
    colorBgElevated: PALETTE.raised,
    colorBorder: PALETTE.border,
    colorBorderSecondary: PALETTE.borderSoft,
    // Readable secondary text on the dark surfaces (WCAG AA contrast).
    colorTextSecondary: 'rgba(255, 255, 255, 0.72)',
    // Text on solid primary, success, warning and error fills: dark on the light accents (WCAG AA contrast).
    colorTextLightSolid: PALETTE.background,
    colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
    colorTextDescription: 'rgba(255, 255, 255, 0.62)',
    borderRadius: 8,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: {
      headerBg: PALETTE.chrome,
      headerHeight: 60,
      headerPadding: '0 16px',
      siderBg: PALETTE.chrome,
      bodyBg: PALETTE.background,
      footerBg: PALETTE.chrome,
      footerPadding: '24px',
    },
    Card: { headerBg: 'transparent' },
  },
};
