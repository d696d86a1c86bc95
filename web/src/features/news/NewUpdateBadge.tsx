import { Tag } from 'antd';
import { useSelector } from 'react-redux';
import { selectHasUnseenNews } from './news-seen.slice';

/** 'New Update!' beside the news link while an entry is unseen. */
export function NewUpdateBadge() {
  const unseen = useSelector(selectHasUnseenNews);
  if (!unseen) return null;
  return (
    <Tag color="gold" data-testid="new-update-badge" style={{ marginInlineStart: 8 }}>
      New Update!
    </Tag>
  );
}
