export { STAFF_ROUTES, type StaffRoute } from './staff-routes';
