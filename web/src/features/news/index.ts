export { NewUpdateBadge } from './NewUpdateBadge';
export { newsSeenSlice, selectHasUnseenNews } from './news-seen.slice';
