/** The dialogs of the editable lists, word for word (account-area §8). */
export const CONFIRM_DELETION = {
  title: 'Confirm Deletion',
  text: 'Are you sure you want to permanently delete these rows? There is no way to undo this operation.',
  confirm: 'Delete',
  cancel: 'Cancel',
} as const;

export const CONFIRM_NAVIGATION = {
  title: 'Confirm Navigation',
  text: 'You have unsaved edits, would you like to leave the page?',
  leave: 'Leave Page',
  stay: 'Stay on Page',
} as const;

/** The blocking dialog while a list's command runs (account-area §2 Pending Transactions). */
export const PROCESSING_TEXT = 'Processing in progress...';
