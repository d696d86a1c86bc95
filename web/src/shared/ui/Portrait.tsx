import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { IMAGE_SERVER_URL } from '../config/product';

export type ImageCategory = 'characters' | 'corporations' | 'alliances' | 'types';

/** An image of the game's public image service by category, id, variant and size. */
export function gameImageUrl(category: ImageCategory, id: number, variant: string, size: number): string {
  return `${IMAGE_SERVER_URL}/${category}/${id}/${variant}?size=${size}`;
}

interface PortraitProps {
  readonly characterId: number;
  readonly name: string;
  readonly size?: number;
}

/** A character portrait; if the image fails to load, the default user icon shows instead. */
export function Portrait({ characterId, name, size = 32 }: PortraitProps) {
  // Twice the drawn size for sharp portraits on high-density screens; the service serves powers of two.
  const imageSize = size <= 32 ? 64 : size <= 64 ? 128 : 256;
  return (
    <Avatar
      size={size}
      src={gameImageUrl('characters', characterId, 'portrait', imageSize)}
      icon={<UserOutlined />}
      alt={`Portrait of ${name}`}
    />
  );
}
