package app.kindling;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
