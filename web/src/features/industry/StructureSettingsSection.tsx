import { AutoComplete, Button, Card, Col, Form, Modal, Row, Select, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { IndustryStructure } from '../../shared/api';
import { rigOptions } from './FacilityPanel';
import { serverErrorText } from '../../shared/ui/editable-list';
import {
  useAccountStructuresQuery,
  useChangeAccountStructureMutation,
  useRemoveAccountStructureMutation,
  useSaveAccountStructureMutation,
} from './industry-api';
import type { SecurityStatus } from './industry-state';

const SECURITY_OPTIONS: { value: SecurityStatus; label: string }[] = [
  { value: 'HIGH', label: 'HIGH' },
  { value: 'LOW', label: 'LOW' },
  { value: 'NULL', label: 'NULL' },
];
const RIG_SLOTS = ['rig1TypeId', 'rig2TypeId', 'rig3TypeId'] as const;

interface NewRow {
  readonly name: string;
  readonly securityStatus: SecurityStatus;
  readonly rigs: readonly [number, number, number];
}
const EMPTY_ROW: NewRow = { name: '', securityStatus: 'HIGH', rigs: [0, 0, 0] };

/** 'Error' with the server's text and a Close button (account-area §8). */
function ErrorDialog({ text, onClose }: { readonly text: string | null; readonly onClose: () => void }) {
  return (
    <Modal
      open={text !== null}
      title="Error"
      onCancel={onClose}
      data-testid="structure-error-dialog"
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{text}</Typography.Paragraph>
    </Modal>
  );
}

/**
 * Structure Settings (account-area §2 Settings): a new-row form (a structure used before or a new name, its
 * security status and three rigs) and the saved structures, whose security status and rigs can be changed, and
 * which can be removed after a confirmation. The industry calculator offers them as facilities.
 */
export function StructureSettingsSection() {
  const { data, isLoading } = useAccountStructuresQuery();
  const [save, { isLoading: saving }] = useSaveAccountStructureMutation();
  const [change] = useChangeAccountStructureMutation();
  const [remove] = useRemoveAccountStructureMutation();
  const [row, setRow] = useState<NewRow>(EMPTY_ROW);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState<IndustryStructure | null>(null);
  const rigs = useMemo(() => rigOptions(data?.structureRigs ?? {}), [data?.structureRigs]);
  const used = data?.usedStructures ?? [];

  const add = async () => {
    const chosen = used.find((structure) => structure.name === row.name.trim());
    try {
      await save({
        industryStructureCreate: {
          name: row.name.trim(),
          facilityId: chosen?.facilityId ?? null,
          securityStatus: row.securityStatus,
          rig1TypeId: row.rigs[0] || null,
          rig2TypeId: row.rigs[1] || null,
          rig3TypeId: row.rigs[2] || null,
        },
      }).unwrap();
      setRow(EMPTY_ROW);
    } catch (error) {
      setErrorMessage(serverErrorText(error));
    }
  };

  const patch = async (structure: IndustryStructure, changes: Partial<IndustryStructure>) => {
    try {
      await change({ id: structure.id, industryStructurePatch: changes }).unwrap();
    } catch (error) {
      setErrorMessage(serverErrorText(error));
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove({ id: removing.id }).unwrap();
    } catch (error) {
      setErrorMessage(serverErrorText(error));
    } finally {
      setRemoving(null);
    }
  };

  const columns = [
    { title: 'Structure', dataIndex: 'name', key: 'name' },
    {
      title: 'Security Status',
      key: 'securityStatus',
      render: (_: unknown, structure: IndustryStructure) => (
        <Select<SecurityStatus>
          aria-label={`Security status of ${structure.name}`}
          value={structure.securityStatus}
          options={SECURITY_OPTIONS}
          style={{ minWidth: 140 }}
          onChange={(securityStatus) => void patch(structure, { securityStatus })}
        />
      ),
    },
    ...RIG_SLOTS.map((slot, index) => ({
      title: `Rig ${index + 1}`,
      key: slot,
      render: (_: unknown, structure: IndustryStructure) => (
        <Select<number>
          aria-label={`Rig ${index + 1} of ${structure.name}`}
          value={structure[slot] ?? 0}
          options={rigs}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220 }}
          onChange={(rig) => void patch(structure, { [slot]: rig === 0 ? null : rig })}
        />
      ),
    })),
    {
      title: '',
      key: 'remove',
      render: (_: unknown, structure: IndustryStructure) => (
        <Button danger onClick={() => setRemoving(structure)} aria-label={`Remove ${structure.name}`}>
          Remove
        </Button>
      ),
    },
  ];

  return (
    <Card title="Structure Settings" data-testid="structure-settings">
      <Typography.Paragraph type="secondary">
        Structures you save here are offered as facilities in the industry calculator, with their rigs and
        system. A name begins with the structure&apos;s solar system, as in &apos;Jita - My Sotiyo&apos;.
      </Typography.Paragraph>
      <Form layout="vertical" component="div" data-testid="structure-new-row">
        <Row gutter={12} align="bottom">
          <Col xs={24} md={8}>
            <Form.Item label="Structure" htmlFor="structure-name" style={{ marginBottom: 12 }}>
              <AutoComplete
                id="structure-name"
                value={row.name}
                options={used.map((structure) => ({ value: structure.name, label: structure.name }))}
                filterOption={(input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.trim().toLowerCase())
                }
                onChange={(name: string) => setRow({ ...row, name })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label="Security Status" htmlFor="structure-security" style={{ marginBottom: 12 }}>
              <Select<SecurityStatus>
                id="structure-security"
                value={row.securityStatus}
                options={SECURITY_OPTIONS}
                onChange={(securityStatus) => setRow({ ...row, securityStatus })}
              />
            </Form.Item>
          </Col>
          {RIG_SLOTS.map((slot, index) => (
            <Col xs={24} md={4} key={slot}>
              <Form.Item
                label={`Rig ${index + 1}`}
                htmlFor={`structure-${slot}`}
                style={{ marginBottom: 12 }}
              >
                <Select<number>
                  id={`structure-${slot}`}
                  value={row.rigs[index]}
                  options={rigs}
                  showSearch={{ optionFilterProp: 'label' }}
                  onChange={(rig) => {
                    const next = [...row.rigs] as [number, number, number];
                    next[index] = rig;
                    setRow({ ...row, rigs: next });
                  }}
                />
              </Form.Item>
            </Col>
          ))}
          <Col span={24}>
            <Button
              type="primary"
              loading={saving}
              disabled={row.name.trim() === ''}
              onClick={() => void add()}
            >
              Add Structure
            </Button>
          </Col>
        </Row>
      </Form>
      <Table<IndustryStructure>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        loading={isLoading}
        pagination={false}
        scroll={{ x: true }}
        columns={columns}
        dataSource={data?.structures ?? []}
        onRow={(structure) => ({ 'data-testid': `structure-row-${structure.id}` }) as object}
        locale={{ emptyText: 'No saved structures yet.' }}
      />
      <ErrorDialog text={errorMessage} onClose={() => setErrorMessage(null)} />
      <Modal
        open={removing !== null}
        title="Remove structure?"
        onCancel={() => setRemoving(null)}
        data-testid="structure-remove-dialog"
        footer={[
          <Button key="cancel" onClick={() => setRemoving(null)}>
            Cancel
          </Button>,
          <Button key="remove" type="primary" danger onClick={() => void confirmRemove()}>
            Remove
          </Button>,
        ]}
      >
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Remove <strong>{removing?.name}</strong> from your saved structures?
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
