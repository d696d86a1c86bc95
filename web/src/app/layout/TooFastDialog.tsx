import { Modal } from 'antd';
import { useDispatch, useSelector } from 'react-redux';
import { selectTooFastOpen, tooFastClosed } from '../../shared/api';

/** 'Too fast!': a UI request answered 420 (one per second at most). */
export default function TooFastDialog() {
  const open = useSelector(selectTooFastOpen);
  const dispatch = useDispatch();
  const close = () => dispatch(tooFastClosed());
  return (
    <Modal
      open={open}
      title="Too fast!"
      onOk={close}
      onCancel={close}
      okText="OK"
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="too-fast"
    >
      Please limit UI requests to once per second.
    </Modal>
  );
}
