import { message } from 'antd';

export function showRequestTimedOut(): void {
  void message.error('Request timed out');
}
