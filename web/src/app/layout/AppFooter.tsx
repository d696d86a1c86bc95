import { HeartOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import { tradewiseApi } from '../../shared/api';
import { PATRON_URL, PRODUCT_NAME, REFERRAL_CODE, REFERRAL_SIGNUP_URL } from '../../shared/config/product';
import { formatGameDataRelease } from '../../shared/format';
import { Text } from '../../shared/ui/text';
import { PALETTE } from '../theme';
import { AdSlot } from './AdSlot';

const FOOTER_LINKS = [
  { to: '/updates', label: 'Updates' },
  { to: '/docs', label: 'API' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'About and Contact' },
] as const;

/**
 * Footer: the ad slot (when ads show), links, the referral-code note, the patron link, the game data release
 * the server answers from and the trademark text.
 */
export function AppFooter({ showAds }: { readonly showAds: boolean }) {
  const { token } = theme.useToken();
  const { data: gameData } = tradewiseApi.useVersionQuery();
  return (
    <footer
      style={{
        background: PALETTE.chrome,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        padding: `${token.paddingLG}px 0 ${token.paddingXL}px`,
      }}
    >
      <Flex
        vertical
        gap={token.marginSM}
        style={{ maxWidth: 1200, margin: '0 auto', padding: `0 ${token.paddingLG}px` }}
      >
        {showAds ? <AdSlot /> : null}
        <Flex gap={token.marginLG} wrap align="center">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
          <a href={PATRON_URL} target="_blank" rel="noreferrer" data-testid="patron-link">
            <HeartOutlined aria-hidden /> Support {PRODUCT_NAME} on Patreon
          </a>
        </Flex>
        <Text tone="secondary" data-testid="referral-note">
          New to EVE Online? Sign up at{' '}
          <a href={REFERRAL_SIGNUP_URL} target="_blank" rel="noreferrer">
            eveonline.com
          </a>{' '}
          with the referral code <Text strong>{REFERRAL_CODE}</Text> for bonus skill points.
        </Text>
        {gameData ? (
          <Text tone="secondary" small data-testid="game-data-release">
            Game data: {formatGameDataRelease(gameData)}
          </Text>
        ) : null}
        <Text tone="secondary" small data-testid="trademark-text">
          EVE Online and the EVE logo are the registered trademarks of CCP hf. All rights are reserved
          worldwide. All other trademarks are the property of their respective owners. EVE Online, the EVE
          logo, EVE and all associated logos and designs are the intellectual property of CCP hf. All artwork,
          screenshots, characters, vehicles, storylines, world facts or other recognizable features of the
          intellectual property relating to these trademarks are likewise the intellectual property of CCP hf.
          CCP hf. has granted permission to {PRODUCT_NAME} to use EVE Online and all associated logos and
          designs for promotional and information purposes on its website but does not endorse, and is not in
          any way affiliated with, {PRODUCT_NAME}. CCP is in no way responsible for the content on or
          functioning of this website, nor can it be liable for any damage arising from the use of this
          website.
        </Text>
      </Flex>
    </footer>
  );
}
