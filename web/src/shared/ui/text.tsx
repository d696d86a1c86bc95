import { theme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

/**
 * Light text elements for the frame and the landing page, styled from the theme's tokens like antd's
 * Typography but without its editing and copying machinery, which would more than double the JavaScript of the
 * first page. Pages loaded later use antd's Typography.
 */
type Tone = 'default' | 'secondary' | 'danger';

function useToneColor(tone: Tone): string {
  const { token } = theme.useToken();
  if (tone === 'secondary') return token.colorTextSecondary;
  if (tone === 'danger') return token.colorError;
  return token.colorText;
}

interface TextProps extends HTMLAttributes<HTMLSpanElement> {
  readonly tone?: Tone;
  readonly strong?: boolean;
  readonly small?: boolean;
  readonly children: ReactNode;
}

export function Text({ tone = 'default', strong, small, style, children, ...rest }: TextProps) {
  const { token } = theme.useToken();
  const color = useToneColor(tone);
  const own: CSSProperties = {
    color,
    fontWeight: strong ? token.fontWeightStrong : undefined,
    fontSize: small ? token.fontSizeSM : undefined,
  };
  return (
    <span style={{ ...own, ...style }} {...rest}>
      {children}
    </span>
  );
}

interface ParagraphProps extends HTMLAttributes<HTMLParagraphElement> {
  readonly tone?: Tone;
  readonly large?: boolean;
  readonly children: ReactNode;
}

export function Paragraph({ tone = 'default', large, style, children, ...rest }: ParagraphProps) {
  const { token } = theme.useToken();
  const color = useToneColor(tone);
  const own: CSSProperties = {
    color,
    margin: `0 0 ${token.marginSM}px`,
    fontSize: large ? token.fontSizeLG : token.fontSize,
    lineHeight: token.lineHeight,
  };
  return (
    <p style={{ ...own, ...style }} {...rest}>
      {children}
    </p>
  );
}

type HeadingLevel = 1 | 2 | 3 | 4;

interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  readonly level: HeadingLevel;
  /** The visual size when it differs from the outline level. */
  readonly size?: HeadingLevel;
  readonly tone?: 'default' | 'danger';
  readonly children: ReactNode;
}

export function Heading({ level, size = level, tone = 'default', style, children, ...rest }: HeadingProps) {
  const { token } = theme.useToken();
  const fontSize = {
    1: token.fontSizeHeading1,
    2: token.fontSizeHeading2,
    3: token.fontSizeHeading3,
    4: token.fontSizeHeading4,
  }[size];
  const own: CSSProperties = {
    margin: 0,
    color: tone === 'danger' ? token.colorError : token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize,
    lineHeight: 1.3,
  };
  const Tag = `h${level}` as const;
  return (
    <Tag style={{ ...own, ...style }} {...rest}>
      {children}
    </Tag>
  );
}
