import { Card, Col, Empty, Flex, Row, theme } from 'antd';
import { useLocation, useParams } from 'react-router';
import { PageContainer } from '../../shared/ui/PageContainer';
import { ItemSearch } from './ItemSearch';
import { MarketGroupTree } from './MarketGroupTree';
import { MarketItemView } from './MarketItemView';
import { isHistoryPath, typeIdOfParam } from './market-route';

/**
 * /market, /market/{typeId} and /market/{typeId}/history (public-tools §2): the market group tree and the item
 * search beside the chosen item's orders, statistics and (on the history address) its price history.
 */
export default function MarketBrowserPage() {
  const { token } = theme.useToken();
  const { typeId: typeParam } = useParams();
  const { pathname } = useLocation();
  const typeId = typeIdOfParam(typeParam);
  const showHistory = isHistoryPath(pathname);

  return (
    <PageContainer
      title="Market Browser"
      description="Every order of an item across New Eden, with filters, statistics and the price history of any region."
    >
      <Row gutter={[token.marginLG, token.marginLG]}>
        {/* On narrow screens a chosen item comes first, the groups after it. */}
        <Col xs={{ span: 24, order: typeId === null ? 1 : 2 }} lg={{ span: 7, order: 1 }}>
          <Flex vertical gap={token.marginSM}>
            <ItemSearch />
            <Card size="small" title="Market groups" styles={{ body: { padding: token.paddingXS } }}>
              <MarketGroupTree selectedTypeId={typeId} />
            </Card>
          </Flex>
        </Col>
        <Col xs={{ span: 24, order: typeId === null ? 2 : 1 }} lg={{ span: 17, order: 2 }}>
          {typeId === null ? (
            <Card>
              <Empty
                data-testid="market-no-item"
                description={
                  typeParam === undefined
                    ? 'Choose an item in the market groups or search for one.'
                    : `'${typeParam}' is not an item type id. Choose an item in the market groups or search for one.`
                }
              />
            </Card>
          ) : (
            <MarketItemView key={typeId} typeId={typeId} showHistory={showHistory} />
          )}
        </Col>
      </Row>
    </PageContainer>
  );
}
