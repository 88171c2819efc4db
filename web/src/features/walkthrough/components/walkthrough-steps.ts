/** The tour's six steps (spec section 2, Walkthrough), in order. */
import {
  IconBox,
  IconClipboardList,
  IconConfetti,
  IconRocket,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface WalkthroughStep {
  id: 'welcome' | 'products' | 'work-orders' | 'team' | 'settings' | 'complete';
  title: string;
  body: string;
  icon: Icon;
}

export const WALKTHROUGH_STEPS: readonly WalkthroughStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Catalog Pilot',
    body: 'Take a minute to see how Catalog Pilot helps you keep your store’s prices right. You can skip the tour at any time.',
    icon: IconRocket,
  },
  {
    id: 'products',
    title: 'Your products',
    body: 'Products shows your synced catalog with variants, prices and stock. Search, filter by category, and open a product to edit its prices or see its price history.',
    icon: IconBox,
  },
  {
    id: 'work-orders',
    title: 'Work orders',
    body: 'A work order changes the regular and sale prices of many products at once, right away or at a time you schedule. A completed order can be undone in one click.',
    icon: IconClipboardList,
  },
  {
    id: 'team',
    title: 'Your team',
    body: 'Invite teammates by email and choose their role. Owners and admins manage the company; members work in the catalog.',
    icon: IconUsers,
  },
  {
    id: 'settings',
    title: 'Connect your store',
    body: 'In Settings, enter your BigCommerce store hash, API access token and client ID, then sync your products to get started.',
    icon: IconSettings,
  },
  {
    id: 'complete',
    title: 'You’re all set',
    body: 'That’s the tour. Connect your store in Settings and run your first sync whenever you are ready.',
    icon: IconConfetti,
  },
];
