import { MailboxPage } from '@/features/mailbox/components/mailbox-page';

export const Component = MailboxPage;
