import { Drawer } from 'antd';
import { PRODUCT_NAME } from '../../shared/config/product';
import { PALETTE } from '../theme';
import { SideNavigation } from './SideNavigation';

interface NavigationDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The side navigation of narrow screens (below 60em). */
export default function NavigationDrawer({ open, onClose }: NavigationDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={288}
      title={PRODUCT_NAME}
      styles={{ body: { padding: 0, background: PALETTE.chrome }, header: { background: PALETTE.chrome } }}
      data-testid="navigation-drawer"
    >
      <SideNavigation onNavigate={onClose} />
    </Drawer>
  );
}
