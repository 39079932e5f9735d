import { useMediaQuery } from '@mantine/hooks';
import { Background, Controls, MiniMap, type NodeMouseHandler, ReactFlow, useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useRef, useState } from 'react';
// Only React Flow's structural CSS: the look comes from Mantine (no CDN, no theme sheet).
import '@xyflow/react/dist/base.css';
import type { Flow } from '@meridian/contracts';
import { CARD_WIDTH, type FlowLayoutNode, NODE_HEIGHT } from './flow-layout';
import { FlowNodeStoreContext, useFlowNodeStore } from './flow-node-store';
import { useFlowLayout } from './use-flow-layout';
import { type FlowCanvasActions, FlowCanvasContext, flowNodeTypes } from './flow-nodes';

export interface FlowCanvasProps {
  flow: Flow;
  actions: FlowCanvasActions;
}

// SVG fill attributes take colours, not CSS variables: Mantine's blue.3 and gray.3.
const minimapColor = (node: { type?: string }) => (node.type === 'action' ? '#74c0fc' : '#dee2e6');

/**
 * Brings the step being edited (a new one included) into view once, when it is chosen: only the
 * visible part of the graph is drawn. A new step appears a moment after its id, so the laid-out
 * nodes are watched until it is there.
 */
function FocusStep({ id, nodes }: { id: string | null; nodes: FlowLayoutNode[] }) {
  const { getZoom, setCenter } = useReactFlow();
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (id === focused.current) return;
    const node = id ? nodes.find((candidate) => candidate.id === id) : undefined;
    if (id && !node) return;
    focused.current = id;
    if (!node || node.type !== 'action') return;
    const height = NODE_HEIGHT[node.data.node.action_type];
    void setCenter(node.position.x + CARD_WIDTH / 2, node.position.y + height / 2, {
      zoom: Math.max(getZoom(), 0.6),
      duration: 200,
    });
  }, [id, nodes, getZoom, setCenter]);
  return null;
}

/**
 * The graph: steps cannot be dragged or joined by hand; the view pans and zooms between 0.1 and 1.
 * Loaded with the Flow tab only, so React Flow stays out of every other page's bundle.
 */
export function FlowCanvas({ flow, actions }: FlowCanvasProps) {
  const layout = useFlowLayout(flow);
  const store = useFlowNodeStore(flow);
  // The view opens on the top of the flow (its first steps), not on a long flow shrunk to dots.
  // Only the first view uses it: fitView runs once, when the graph mounts.
  const [fitViewOptions] = useState(() => ({
    maxZoom: 1,
    minZoom: 0.1,
    padding: 0.2,
    nodes: layout.nodes.slice(0, 6).map(({ id }) => ({ id })),
  }));
  // On a phone the overview would cover the steps it summarises.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const onOpen = actions.onOpen;
  // A node handler also gives the cards pointer events, which unselectable nodes otherwise lack.
  const onNodeClick = useCallback<NodeMouseHandler>(
    (_event, node) => {
      if (node.type === 'action') onOpen(node.id);
    },
    [onOpen],
  );
  return (
    <FlowNodeStoreContext.Provider value={store}>
      <FlowCanvasContext.Provider value={actions}>
        <ReactFlow
          nodes={layout.nodes}
          edges={layout.edges}
          onNodeClick={onNodeClick}
          nodeTypes={flowNodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          nodesFocusable={false}
          panOnScroll
          minZoom={0.1}
          maxZoom={1}
          fitView
          fitViewOptions={fitViewOptions}
          onlyRenderVisibleElements
          proOptions={{ hideAttribution: true }}
          aria-label="Campaign flow"
        >
          <FocusStep id={actions.selectedId} nodes={layout.nodes} />
          <Background gap={24} color="var(--mantine-color-gray-3)" />
          <Controls showInteractive={false} position="bottom-left" />
          {wide ? (
            <MiniMap
              pannable
              zoomable
              nodeColor={minimapColor}
              position="bottom-right"
              ariaLabel="Flow overview"
            />
          ) : null}
        </ReactFlow>
      </FlowCanvasContext.Provider>
    </FlowNodeStoreContext.Provider>
  );
}
