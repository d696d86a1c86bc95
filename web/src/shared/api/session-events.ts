import { createAction } from '@reduxjs/toolkit';

/** An account-bound call answered 401: the session ended. The app marks the user logged out and goes to /. */
export const accountUnauthorized = createAction('session/accountUnauthorized');
