import React, { useState } from "react";
import {
  ActivityIndicator, Alert, FlatList, Keyboard, KeyboardAvoidingView, Modal, Platform,
  Pressable, ScrollView, SectionList, StyleSheet, Switch, Text, TextInput, TouchableOpacity,
  View, useWindowDimensions,
} from "react-native";
import { StatusBar } from "expo-status-bar";

const rows = [{ id: "a", title: "First" }, { id: "b", title: "Second" }];

export default function App() {
  const [text, setText] = useState("");
  const [on, setOn] = useState(false);
  const [open, setOpen] = useState(false);
  const { width } = useWindowDimensions();
  return (
    <KeyboardAvoidingView behavior={Platform.OS === "ios" ? "padding" : undefined} style={styles.page}>
      <StatusBar style="auto" />
      <ScrollView keyboardShouldPersistTaps="handled">
        <Text testID="seed-width">{width > 0 ? "wide" : "narrow"}</Text>
        <TextInput testID="seed-input" value={text} onChangeText={setText}
          onSubmitEditing={Keyboard.dismiss} />
        <Pressable testID="seed-press" onPress={() => setOpen(true)}><Text>Open</Text></Pressable>
        <TouchableOpacity testID="seed-touch" onPress={() => Alert.alert("Seed")}><Text>Alert</Text></TouchableOpacity>
        <Switch testID="seed-switch" value={on} onValueChange={setOn} />
        <ActivityIndicator />
        <FlatList data={rows} keyExtractor={(r) => r.id} renderItem={({ item }) => <Text>{item.title}</Text>} />
        <SectionList sections={[{ title: "S", data: rows }]} keyExtractor={(r) => r.id}
          renderItem={({ item }) => <Text>{item.title}</Text>}
          renderSectionHeader={({ section }) => <Text>{section.title}</Text>} />
      </ScrollView>
      <Modal visible={open} onRequestClose={() => setOpen(false)}>
        <Pressable testID="seed-close" onPress={() => setOpen(false)}><Text>{text}</Text></Pressable>
      </Modal>
    </KeyboardAvoidingView>
  );
}

const styles = StyleSheet.create({ page: { flex: 1 } });
