import { Card, Descriptions, Flex, Table, Tag, Typography, theme } from 'antd';
import { tradewiseApi } from '../../shared/api';
import generated from '../../shared/api/generated/openapi.json';
import { formatGameDataRelease } from '../../shared/format';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  publicApiSections,
  type DocField,
  type DocOperation,
  type DocParameter,
  type OpenApiDocument,
} from './openapi-docs';

const SECTIONS = publicApiSections(generated as unknown as OpenApiDocument);

const parameterColumns = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
  },
  { title: 'In', dataIndex: 'location', key: 'location' },
  { title: 'Type', dataIndex: 'type', key: 'type' },
  {
    title: 'Required',
    dataIndex: 'required',
    key: 'required',
    render: (required: boolean) => (required ? 'yes' : 'no'),
  },
  { title: 'Description', dataIndex: 'description', key: 'description' },
];

const fieldColumns = [
  {
    title: 'Field',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
  },
  { title: 'Type', dataIndex: 'type', key: 'type' },
  {
    title: 'Always present',
    dataIndex: 'required',
    key: 'required',
    render: (required: boolean) => (required ? 'yes' : 'no'),
  },
];

function OperationCard({ operation }: { readonly operation: DocOperation }) {
  const { token } = theme.useToken();
  const opensInBrowser = operation.method === 'GET' && operation.parameters.length === 0;
  return (
    <Card
      id={operation.id}
      data-testid="api-operation"
      // Below the sticky header when reached through the index.
      style={{ scrollMarginTop: token.marginXL * 2 + token.marginLG }}
      title={
        <Flex align="center" gap={token.marginSM} wrap>
          <Tag color="green" style={{ fontFamily: token.fontFamilyCode }}>
            {operation.method}
          </Tag>
          <Typography.Text code style={{ fontSize: token.fontSizeLG }}>
            {operation.path}
          </Typography.Text>
        </Flex>
      }
      extra={
        opensInBrowser ? (
          <Typography.Link href={operation.path} target="_blank" rel="noreferrer">
            Open
          </Typography.Link>
        ) : null
      }
    >
      <Flex vertical gap={token.margin}>
        <Typography.Text>{operation.summary}</Typography.Text>
        {operation.parameters.length > 0 ? (
          <div>
            <Typography.Title level={4} style={{ fontSize: token.fontSize }}>
              Parameters
            </Typography.Title>
            <Table<DocParameter>
              size="small"
              pagination={false}
              rowKey="name"
              columns={parameterColumns}
              dataSource={[...operation.parameters]}
              scroll={{ x: true }}
            />
          </div>
        ) : null}
        {operation.requestType === null ? null : (
          <div>
            <Typography.Title level={4} style={{ fontSize: token.fontSize }}>
              Body (JSON): <Typography.Text code>{operation.requestType}</Typography.Text>
            </Typography.Title>
            <Table<DocField>
              size="small"
              pagination={false}
              rowKey="name"
              columns={fieldColumns}
              dataSource={[...operation.requestFields]}
              scroll={{ x: true }}
            />
          </div>
        )}
        <div>
          <Typography.Title level={4} style={{ fontSize: token.fontSize }}>
            Answer: <Typography.Text code>{operation.responseType}</Typography.Text>
          </Typography.Title>
          {operation.responseFields.length > 0 ? (
            <Table<DocField>
              size="small"
              pagination={false}
              rowKey="name"
              columns={fieldColumns}
              dataSource={[...operation.responseFields]}
              scroll={{ x: true }}
            />
          ) : null}
        </div>
        {operation.otherStatuses.length > 0 ? (
          <Typography.Text type="secondary">
            {operation.otherStatuses.map((status) => `${status.status}: ${status.description}`).join('. ')}.
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}

/** /docs: the public market API, generated from the server's OpenAPI document. */
export default function ApiDocsPage() {
  const { token } = theme.useToken();
  const { data: gameData } = tradewiseApi.useVersionQuery();
  const baseUrl = `${window.location.origin}/api/v1`;
  return (
    <PageContainer
      title="Public market API"
      description="Market and static game data that bots, spreadsheets and fitting tools can read without logging in."
    >
      <Flex vertical gap={token.marginLG}>
        <Card>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'base',
                label: 'Base URL',
                children: (
                  <Typography.Text code copyable>
                    {baseUrl}
                  </Typography.Text>
                ),
              },
              {
                key: 'format',
                label: 'Format',
                children:
                  'JSON. No call below needs a login. Reads are GETs, which pages of any origin may call (CORS); ' +
                  'bulk statistics and appraisals are POSTs with a JSON body. Doubles always carry a decimal point (2.0).',
              },
              {
                key: 'errors',
                label: 'Errors',
                children: (
                  <>
                    A JSON body <Typography.Text code>{'{ statusCode, error, message }'}</Typography.Text>{' '}
                    with a message that names the bad parameter.
                  </>
                ),
              },
              {
                key: 'cache',
                label: 'Caching',
                children:
                  'Answers say how long to keep them (Expires, Cache-Control): market data up to 5 minutes, as the ' +
                  "game's API refreshes it; static data an hour. An ETag lets a client ask again cheaply (304).",
              },
              {
                key: 'game-data',
                label: 'Game data',
                children: gameData ? (
                  <span data-testid="api-game-data-release">
                    {formatGameDataRelease(gameData)}, imported {gameData.importedAt.slice(0, 10)} (
                    <Typography.Text code>/api/v1/static/version</Typography.Text>)
                  </span>
                ) : (
                  'Loading…'
                ),
              },
              {
                key: 'source',
                label: 'Up to date',
                children:
                  "This page is generated from the server's OpenAPI document, the one the Tradewise client is built from.",
              },
            ]}
          />
        </Card>
        <Card title="Calls" data-testid="api-index">
          <ul style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
            {SECTIONS.flatMap((section) => section.operations).map((operation) => (
              <li key={operation.id} style={{ marginBottom: token.marginXXS }}>
                <a href={`#${operation.id}`}>
                  <Typography.Text code>{operation.path}</Typography.Text>
                </a>{' '}
                <Typography.Text type="secondary">{operation.summary}</Typography.Text>
              </li>
            ))}
          </ul>
        </Card>
        {SECTIONS.map((section) => (
          <section key={section.title} aria-label={section.title}>
            <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading3 }}>
              {section.title}
            </Typography.Title>
            <Flex vertical gap={token.margin}>
              {section.operations.map((operation) => (
                <OperationCard key={operation.id} operation={operation} />
              ))}
            </Flex>
          </section>
        ))}
      </Flex>
    </PageContainer>
  );
}
