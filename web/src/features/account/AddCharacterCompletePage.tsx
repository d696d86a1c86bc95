import { Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { ADD_CHARACTER_COMPLETE } from './add-character';

/**
 * /addCharacterComplete, where the add-character login ends in its popup: tell the opener and close; opened
 * without an opener (a bookmark, a blocked popup), go to /.
 */
export default function AddCharacterCompletePage() {
  const navigate = useNavigate();
  useDocumentTitle('Character added');
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      opener.postMessage(ADD_CHARACTER_COMPLETE, window.location.origin);
      window.close();
    } else {
      void navigate('/', { replace: true });
    }
  }, [navigate]);
  return <Result status="success" title="Character added" subTitle="You can close this window." />;
}
